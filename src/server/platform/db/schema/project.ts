import { boolean, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEADLINE_UNITS, PROJECT_STATUSES } from '#shared/project/rules';
import { at } from './columns';
import { customers } from './customer';
import { staff } from './staff';
import { uploads } from './upload';

/**
 * The customer-success case that follows a customer's project (spec §3, §7): one per customer,
 * opened by 'Acompanhar meu projeto', by a plan that does not fit, or by staff's first project move.
 * The project's status itself is the process's (machines/process/states/project.ts).
 */
export const customerSuccessCases = pgTable('customer_success_cases', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['OPEN', 'CLOSED'] }).notNull().default('OPEN'),
  /** staff opened the upload on the project-status screen (spec §2 "upload available") */
  uploadAvailable: boolean('upload_available').notNull().default(false),
  createdAt: at('created_at').notNull(),
}, (t) => [uniqueIndex('customer_success_customer_key').on(t.customerId)]);

/** A staff message on the case's 'Mural de Status' (spec §2). */
export const projectMessages = pgTable('project_messages', {
  id: serial('id').primaryKey(),
  caseId: integer('case_id').notNull().references(() => customerSuccessCases.id, { onDelete: 'cascade' }),
  message: text('message').notNull(),
  staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
  /** a file staff attached to the message, for the customer to download (an `uploads` row, purpose 'mural') */
  uploadId: integer('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
  createdAt: at('created_at').notNull(),
}, (t) => [index('project_messages_case_idx').on(t.caseId, t.id)]);

/**
 * The request filed with the distributor for a stage of the project (docs/decisions/0022-project-status.md): its protocol, the day it was filed and the deadline REN 1.000/2021 gives the distributor
 * for that stage, as staff read it. One per stage; recorded again, it is corrected.
 */
export const projectFilings = pgTable('project_filings', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  stage: text('stage', { enum: PROJECT_STATUSES }).notNull(),
  protocol: text('protocol').notNull(),
  distributor: text('distributor'),
  filedOn: date('filed_on', { mode: 'string' }).notNull(),
  /** none: the distributor has no deadline at this stage */
  deadlineDays: integer('deadline_days'),
  deadlineUnit: text('deadline_unit', { enum: DEADLINE_UNITS }).notNull().default('CALENDAR'),
  recordedBy: integer('recorded_by').references(() => staff.id, { onDelete: 'set null' }),
  recordedAt: at('recorded_at').notNull(),
}, (t) => [uniqueIndex('project_filings_customer_stage_key').on(t.customerId, t.stage)]);

/** A file the customer sent through the project-status screen (the stored file is an `uploads` row, purpose 'project'). */
export const projectFiles = pgTable('project_files', {
  id: serial('id').primaryKey(),
  caseId: integer('case_id').notNull().references(() => customerSuccessCases.id, { onDelete: 'cascade' }),
  uploadId: integer('upload_id').notNull().references(() => uploads.id, { onDelete: 'cascade' }),
  createdAt: at('created_at').notNull(),
}, (t) => [index('project_files_case_idx').on(t.caseId, t.id)]);
