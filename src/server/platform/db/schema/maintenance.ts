import { pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns';

/**
 * The periodic maintenance (the hourly purge) of all instances sharing the database: one row per
 * task, claimed by the instance that runs it for the period, so it runs once per period whatever
 * the number of instances. An operator reads when it last ran and whether it finished.
 */
export const maintenanceRuns = pgTable('maintenance_runs', {
  task: text('task', { enum: ['purge'] }).primaryKey(),
  startedAt: at('started_at').notNull(),
  finishedAt: at('finished_at'),
  /** host:pid of the instance that ran it */
  instance: text('instance').notNull(),
});
