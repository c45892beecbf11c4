import type { StaffApi } from '../api';

// being written: the franchisees and the states and cities they serve
export function CoverageScreen(_props: { api: StaffApi }) {
  return <main />;
}
