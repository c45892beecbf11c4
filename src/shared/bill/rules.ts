import type { CustomerProfile } from '../customer/payloads';
import { MENU_ITEMS } from '../menu';
import type { ScreenPath } from '../routes';
import { currentStep, landingRoute } from '../steps';

/**
 * The bill step's rules shared by server, machines and screens (spec §4, §5 "Files").
 */

/** Every status a bill can have: the assistant's (WAITING, DISAPPROVED, APPROVED), PENDING while it reads, and the staff outcomes APP and DENIED. */
export const BILL_STATUSES = ['PENDING', 'WAITING', 'DISAPPROVED', 'APPROVED', 'APP', 'DENIED'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** The one justification that lets the customer send another bill (spec §4). */
export const BILL_REUPLOAD_JUSTIFICATION = 'ilegível ou incompleta';

/** A bill disapproved as illegible or incomplete may be replaced; every other outcome locks the upload. */
export function billAllowsReupload(bill: { status: BillStatus; justification_disapproved: string | null } | null): boolean {
  if (!bill) return true;
  return bill.status === 'DISAPPROVED' && bill.justification_disapproved === BILL_REUPLOAD_JUSTIFICATION;
}

/** Uploads (bills, badges, documents): at most 10 MB, PDF, JPEG or PNG by content. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_KINDS = ['pdf', 'png', 'jpeg'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const UPLOAD_MIME: Readonly<Record<UploadKind, string>> = { pdf: 'application/pdf', png: 'image/png', jpeg: 'image/jpeg' };

/** Where the approved bill's button leads: a screen path and its title. */
export interface NextStep { path: ScreenPath; label: string }

/**
 * The screen the customer's steps lead to now (spec §2 landing table on the current step), unless
 * that is still the bill page: what the approved outcome's button opens ('Ir para Proposta inicial').
 */
export function nextStepAfterBill(
  customer: Pick<CustomerProfile, 'steps' | 'subscription_lending' | 'customer_success_id'> | null,
  paymentTypeStored: boolean,
): NextStep | null {
  if (!customer) return null;
  const screen = landingRoute(currentStep(customer.steps, customer.customer_success_id != null), customer.subscription_lending, paymentTypeStored);
  const item = MENU_ITEMS.find((i) => i.screen === screen);
  return screen !== 'bill' && item ? { path: item.path, label: item.label } : null;
}
