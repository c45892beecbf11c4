import { eq, getTableName, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { UPLOAD_DOWNLOAD_NAME, type UploadPurpose } from '#shared/bill/rules';
import * as schema from '../platform/db/schema';

/**
 * Every table of the schema, and what it holds about a customer (LGPD art. 18 and 19): which rows
 * are theirs, which columns the data export leaves out (secrets: token and code hashes, signing
 * keys, storage keys; staff identities), which stored files go with the rows, and what deleting
 * the account does with them. A new table must be listed here (test/server/profile/registry.test.ts
 * fails until it is), so nothing about a customer is left out of the copy or behind after deletion.
 */

/** Whom a row is about: the customer's id, their phone (the sign-in records are keyed by phone) and e-mail (the outbox's rows are addressed to either). */
export interface Owner { id: number; phone: string; email: string }

/**
 * What deleting the account does with the rows:
 * - delete: deleted, with their files;
 * - contracts: signed ones kept (RETENTION.contracts), unsigned ones deleted with their files;
 * - payments: kept when the deletion keeps payment records (RETENTION.payments), else deleted;
 * - anonymise: the customer row itself, emptied of personal data and marked deleted;
 * - redact: staff's audit of the customer keeps who did what and when, without the before/after;
 * - expires: sign-in records purged by the maintenance within a day (platform/maintenance.ts);
 * - record: the deletion's own record.
 */
export type Fate = 'delete' | 'contracts' | 'payments' | 'anonymise' | 'redact' | 'expires' | 'record';

export interface StoredFile { key: string; path: string }

export interface CustomerTable {
  table: PgTable;
  rows: (owner: Owner) => SQL;
  /** database column names the export never shows */
  omit?: readonly string[];
  files?: (row: Record<string, unknown>) => StoredFile[];
  fate: Fate;
}

export interface OtherTable {
  table: PgTable;
  /** why it holds nothing about a customer, or nothing the customer may have */
  notAboutACustomer: string;
}

const s = schema;
const byCustomer = (column: Parameters<typeof eq>[0]) => (o: Owner) => eq(column, o.id);
/** Rows of a table keyed by the customer's customer-success case (written qualified: inside a one-table select drizzle leaves columns bare). */
const byCase = (table: PgTable, column: string) => (o: Owner) => sql`${sql.identifier(getTableName(table))}.${sql.identifier(column)} in (select "customer_success_cases"."id" from "customer_success_cases" where "customer_success_cases"."customer_id" = ${o.id})`;

/** The stored file of an uploads row still in storage (a replaced one was already deleted). */
const uploadFile = (row: Record<string, unknown>): StoredFile[] => (row.removed_at ? [] : [{
  key: String(row.storage_key),
  path: `arquivos/${UPLOAD_DOWNLOAD_NAME[row.purpose as UploadPurpose] ?? 'arquivo'}-${String(row.id)}.${String(row.kind) === 'jpeg' ? 'jpg' : String(row.kind)}`,
}]);

const contractFiles = (row: Record<string, unknown>): StoredFile[] => {
  const name = `arquivos/contrato-${String(row.type).toLowerCase().replace(/_/g, '-')}-${String(row.id).slice(0, 8)}`;
  return [
    { key: String(row.file_key), path: `${name}.pdf` },
    ...(row.signed_file_key ? [{ key: String(row.signed_file_key), path: `${name}-assinado.pdf` }] : []),
  ];
};

/**
 * The customer's tables, in the order deletion goes through them (rows that point at others
 * first: documents, bills and project files before their uploads, the checkout before its plan).
 */
export const CUSTOMER_TABLES: readonly CustomerTable[] = [
  { table: s.customers, rows: (o) => eq(s.customers.id, o.id), fate: 'anonymise' },
  { table: s.sessions, rows: byCustomer(s.sessions.customerId), omit: ['token_hash'], fate: 'delete' },
  // an e-mail change waiting for its codes: the new address stays in the copy, the code's hash out
  { table: s.emailChanges, rows: byCustomer(s.emailChanges.customerId), omit: ['code_hash', 'secret_hash'], fate: 'delete' },
  { table: s.customerActions, rows: byCustomer(s.customerActions.customerId), fate: 'delete' },
  { table: s.accessCodes, rows: (o) => eq(s.accessCodes.phone, o.phone), omit: ['code_hash', 'secret_hash'], fate: 'expires' },
  // a code request for the phone may come from someone else's address: the address stays out
  { table: s.authEvents, rows: (o) => eq(s.authEvents.phone, o.phone), omit: ['secret_hash', 'address'], fate: 'expires' },
  // proofs that the phone was confirmed (before the account existed): single use, purged after a day
  { table: s.phoneProofs, rows: (o) => eq(s.phoneProofs.phone, o.phone), omit: ['token_hash'], fate: 'expires' },
  // the queue's jobs for the customer: code deliveries to their phone, e-mails of their notices (the payload holds secret hashes: left out of the copy)
  { table: s.jobs, rows: (o) => sql`(${s.jobs.payload}->>'phone' = ${o.phone} or ${s.jobs.payload}->>'customer_id' = ${String(o.id)})`, omit: ['payload', 'locked_by', 'last_error'], fate: 'delete' },
  // the local stand-ins' copies of what was sent to the phone or the e-mail (development and tests; the code is a secret)
  { table: s.outbox, rows: (o) => or(eq(s.outbox.to, o.phone), eq(s.outbox.to, o.email.toLowerCase()))!, omit: ['code'], fate: 'delete' },
  { table: s.processSnapshots, rows: byCustomer(s.processSnapshots.customerId), fate: 'delete' },
  { table: s.processEvents, rows: byCustomer(s.processEvents.customerId), omit: ['staff_id'], fate: 'delete' },
  { table: s.notifications, rows: byCustomer(s.notifications.customerId), fate: 'delete' },
  { table: s.documents, rows: byCustomer(s.documents.customerId), omit: ['decided_by'], fate: 'delete' },
  { table: s.bills, rows: byCustomer(s.bills.customerId), fate: 'delete' },
  { table: s.billOwners, rows: byCustomer(s.billOwners.customerId), fate: 'delete' },
  { table: s.projectFiles, rows: byCase(s.projectFiles, 'case_id'), fate: 'delete' },
  { table: s.projectMessages, rows: byCase(s.projectMessages, 'case_id'), omit: ['staff_id'], fate: 'delete' },
  { table: s.projectFilings, rows: byCustomer(s.projectFilings.customerId), omit: ['recorded_by'], fate: 'delete' },
  { table: s.customerSuccessCases, rows: byCustomer(s.customerSuccessCases.customerId), fate: 'delete' },
  { table: s.uploads, rows: byCustomer(s.uploads.customerId), omit: ['storage_key'], files: uploadFile, fate: 'delete' },
  { table: s.planSimulations, rows: byCustomer(s.planSimulations.customerId), fate: 'delete' },
  { table: s.proposals, rows: byCustomer(s.proposals.customerId), fate: 'delete' },
  { table: s.technicalVisits, rows: byCustomer(s.technicalVisits.customerId), fate: 'delete' },
  { table: s.legalRepresentatives, rows: byCustomer(s.legalRepresentatives.customerId), fate: 'delete' },
  { table: s.financings, rows: byCustomer(s.financings.customerId), omit: ['decided_by'], fate: 'delete' },
  { table: s.contracts, rows: byCustomer(s.contracts.customerId), omit: ['signature_key', 'file_key', 'signed_file_key'], files: contractFiles, fate: 'contracts' },
  { table: s.checkouts, rows: byCustomer(s.checkouts.customerId), fate: 'payments' },
  { table: s.clientPlans, rows: byCustomer(s.clientPlans.customerId), fate: 'payments' },
  { table: s.invoices, rows: byCustomer(s.invoices.customerId), fate: 'payments' },
  { table: s.staffAudit, rows: byCustomer(s.staffAudit.customerId), omit: ['staff_id'], fate: 'redact' },
  { table: s.accountDeletions, rows: byCustomer(s.accountDeletions.customerId), fate: 'record' },
];

/** The tables that hold nothing about a customer, or nothing they may have a copy of, and why. */
export const OTHER_TABLES: readonly OtherTable[] = [
  { table: s.coupons, notAboutACustomer: 'the coupons on offer (reference data)' },
  { table: s.states, notAboutACustomer: 'reference data' },
  { table: s.cities, notAboutACustomer: 'reference data' },
  { table: s.franchiseeCoverage, notAboutACustomer: 'which franchisee serves which state' },
  { table: s.addressActions, notAboutACustomer: 'signature checks counted per client address, anyone\'s, for the rate limit; purged after a day' },
  { table: s.maintenanceRuns, notAboutACustomer: 'when the periodic purge last ran, and on which server instance' },
  { table: s.botCheckUses, notAboutACustomer: 'spent bot-check payloads' },
  { table: s.storingFiles, notAboutACustomer: 'random storage keys of files being stored, cleared when their row commits; a crash\'s are removed at start-up' },
  { table: s.staff, notAboutACustomer: 'staff accounts' },
  { table: s.staffSessions, notAboutACustomer: 'back-office sessions of staff members' },
  { table: s.staffPasskeys, notAboutACustomer: 'staff members\' passkeys (public keys)' },
  { table: s.staffSignInHolds, notAboutACustomer: 'the waits of the addresses that sent a staff member wrong factors (purged a day after the wait)' },
  { table: s.faqEntries, notAboutACustomer: 'the questions and answers of the help dialog, the same for everyone' },
  { table: s.calendarBlockedDays, notAboutACustomer: 'days blocked for visits' },
  { table: s.spentPaymentTokens, notAboutACustomer: 'nonces of spent card tokens, not linked to anyone' },
];

export const tableName = (t: PgTable): string => getTableName(t);
