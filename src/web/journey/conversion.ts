/**
 * Conversion tracking of the thank-you screen (spec §2): a `portal:conversion` window event for
 * whoever listens (tag managers, tests) and a push to `dataLayer` when a tag manager is on the page.
 */
export const CONVERSION_EVENT = 'portal:conversion';

export interface ConversionDetail { event: 'sign_up'; customerId: number | null }

declare global {
  interface Window { dataLayer?: unknown[] }
}

export function trackConversion({ customerId }: { customerId: number | null }): void {
  if (typeof window === 'undefined') return;
  const detail: ConversionDetail = { event: 'sign_up', customerId };
  window.dataLayer?.push(detail);
  window.dispatchEvent(new CustomEvent<ConversionDetail>(CONVERSION_EVENT, { detail }));
}
