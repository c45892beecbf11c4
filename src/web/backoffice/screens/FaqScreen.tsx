import type { StaffApi } from '../api';

// being written: the FAQ editor
export function FaqScreen(_props: { api: StaffApi }) {
  return <main />;
}
