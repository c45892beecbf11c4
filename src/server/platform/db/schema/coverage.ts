import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

// Reference data (IBGE, loaded at start-up) and which franchisee serves each state.

export const states = pgTable('states', {
  code: text('code').primaryKey(), // 'SP'
  name: text('name').notNull(),
  ibgeCode: integer('ibge_code').notNull(),
});

export const cities = pgTable('cities', {
  id: integer('id').primaryKey(), // 7-digit IBGE code
  stateCode: text('state_code').notNull().references(() => states.code),
  name: text('name').notNull(),
}, (t) => [index('cities_state_idx').on(t.stateCode)]);

/** Which franchisee serves each state; a state without a row is not served (franchisee_id null). */
export const franchiseeCoverage = pgTable('franchisee_coverage', {
  stateCode: text('state_code').primaryKey().references(() => states.code),
  franchiseeId: text('franchisee_id').notNull(),
});
