import { dateTimeFormat } from '#shared/intl';

/**
 * A moment as the back-office shows it, in São Paulo time: one cached formatter per style
 * (src/shared/intl.ts), not a new Intl formatter for every table cell.
 */
export const when = (iso: string, timeStyle: 'short' | 'medium' = 'short'): string =>
  dateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle, timeZone: 'America/Sao_Paulo' }).format(new Date(iso));
