import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { at } from './columns';
import { staff } from './staff';

/**
 * The questions of 'Preciso de atendimento' (spec §7 GET /faq), kept by admins in the back-office.
 * The answer is HTML sanitised on the way in and again on the way out (src/server/faq). Seeded
 * from src/shared/faq/rules.ts when the table is empty.
 */
export const faqEntries = pgTable('faq_entries', {
  id: serial('id').primaryKey(),
  question: text('question').notNull(),
  answerHtml: text('answer_html').notNull(),
  /** the order the customer reads them in */
  position: integer('position').notNull(),
  updatedBy: integer('updated_by').references(() => staff.id, { onDelete: 'set null' }),
  updatedAt: at('updated_at').notNull(),
});
