/**
 * Spec §2 bill page: a customer whose franchisee_id is missing, or a placeholder made of one
 * repeated character (e.g. '00000000-0000-0000-0000-000000000000'), lives in a region not yet served.
 */
export function isUnservedRegion(franchiseeId: string | null | undefined): boolean {
  if (!franchiseeId) return true;
  const bare = franchiseeId.replace(/-/g, '');
  return bare.length === 0 || /^(.)\1*$/.test(bare);
}
