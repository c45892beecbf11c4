import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns';

/** The durable queue (Queue_sms and friends): at-least-once, claimed with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable('jobs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').notNull(),
  payload: jsonb('payload').notNull(),
  status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  runAt: at('run_at').notNull(),
  lockedAt: at('locked_at'),
  /** the worker holding the lease (host:pid:nonce), so a restart can take back its dead predecessor's jobs at once */
  lockedBy: text('locked_by'),
  lastError: text('last_error'),
  createdAt: at('created_at').notNull(),
}, (t) => [index('jobs_ready_idx').on(t.status, t.runAt)]);
