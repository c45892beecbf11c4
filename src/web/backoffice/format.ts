import { whenInBrasilia } from '#shared/intl';

/**
 * A moment as the back-office shows it, in São Paulo time: one cached formatter per style
 * (src/shared/intl.ts), not a new Intl formatter for every table cell.
 */
export const when = whenInBrasilia;
