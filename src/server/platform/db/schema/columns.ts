import { timestamp } from 'drizzle-orm/pg-core';

/**
 * Times are `timestamptz` written from the service clock (never `now()` in SQL), so tests can move
 * time without waiting.
 */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
