/**
 * The process machine's state value as the diagram names its states (`process.onboarding.bill.approved`):
 * every atomic state the value is in (a parallel state is in several).
 */
export function activeStateIds(value: unknown, prefix = 'process'): string[] {
  if (typeof value === 'string') return [`${prefix}.${value}`];
  if (value && typeof value === 'object') return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => activeStateIds(inner, `${prefix}.${key}`));
  return [];
}
