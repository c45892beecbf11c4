import { whenInBrasilia } from '#shared/intl';

/** A calendar day 'AAAA-MM-DD' as 'DD/MM/AAAA' (no time zone: it is a day, not an instant). */
export const dayText = (day: string): string => day.split('-').reverse().join('/');

/** An instant as the customer's wall clock in Brasília time: '20/03/2026, 09:00'. */
export const whenText = (iso: string): string => whenInBrasilia(iso);
