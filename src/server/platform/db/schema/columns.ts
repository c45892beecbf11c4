import { numeric, timestamp } from 'drizzle-orm/pg-core';

/**
 * Times are `timestamptz` written from the service clock (never `now()` in SQL), so tests can move
 * time without waiting.
 */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An amount of money in reais, `numeric(12, 2)`: exact centavos in the database (never a binary
 * double), read and written as a JS number, so API answers keep their JSON numbers. PostgreSQL
 * rounds what is written to 2 places, half away from zero, from the number's decimal text
 * (`String(1.005)` is '1.005', stored 1.01). Up to R$ 9.999.999.999,99.
 */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
