import type { StaffMember } from '#shared/staff/payloads';
import type { StaffApi } from '../api';

// being written: the week's visits (confirm, reschedule, outcome) and the blocked days
export function AgendaScreen(_props: { api: StaffApi; member: StaffMember; onOpenCustomer: (customerId: number) => void }) {
  return <main />;
}
