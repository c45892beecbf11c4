import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { StaffCustomer, StaffCustomerSearch } from '#shared/customer/payloads';
import { CUSTOMER_PAGE_SIZE, type CustomerSort } from '#shared/customer/endpoints';
import type { Db } from '../platform/db/index';
import { bills, cities, customers, processEvents, processSnapshots, staff } from '../platform/db/schema';
import { DomainError } from '../errors';

const PAGE = CUSTOMER_PAGE_SIZE;

/** The search's orders; the id breaks ties, so a page never repeats or skips a customer. */
const ORDER: Record<CustomerSort, SQL[]> = {
  newest: [desc(customers.id)],
  oldest: [asc(customers.id)],
  name: [asc(sql`lower(${customers.name})`), asc(customers.id)],
  name_desc: [desc(sql`lower(${customers.name})`), desc(customers.id)],
};

/**
 * Staff find a customer by name (any part, any case), or by digits: phone, CPF/CNPJ, or the
 * installation number the bill reader read. Deleted accounts are not found.
 */
export async function searchCustomers(db: Db, q: string | undefined, page = 1, sort: CustomerSort = 'newest'): Promise<StaffCustomerSearch> {
  const text = (q ?? '').trim();
  const digits = text.replace(/\D/g, '');
  const conditions: SQL[] = [];
  if (text) conditions.push(ilike(customers.name, `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
  if (digits.length >= 4) {
    conditions.push(sql`${customers.phone} like ${`%${digits}%`}`);
    conditions.push(sql`regexp_replace(coalesce(${customers.documentValue}, ''), '\\D', '', 'g') like ${`%${digits}%`}`);
    conditions.push(sql`exists (select 1 from ${bills} where ${bills.customerId} = ${customers.id} and regexp_replace(coalesce(${bills.analysis}->'fields'->'installation'->>'value', ''), '\\D', '', 'g') = ${digits})`);
  }
  const where = and(isNull(customers.deletedAt), conditions.length ? or(...conditions) : undefined);
  const [total] = await db.select({ n: count() }).from(customers).where(where);
  const rows = await db.select({ c: customers, city: cities.name }).from(customers).innerJoin(cities, eq(cities.id, customers.cityId))
    .where(where).orderBy(...ORDER[sort]).limit(PAGE).offset((page - 1) * PAGE);
  return {
    total: Number(total?.n ?? 0),
    data: rows.map(({ c, city }) => ({ id: c.id, name: c.name, phone: c.phone, document: c.documentValue, city, state: c.stateCode, created_at: c.createdAt.toISOString() })),
  };
}

/** A customer's page: profile, where the process is, and every move with who caused it. */
export async function customerPage(db: Db, id: number): Promise<StaffCustomer> {
  const [row] = await db.select({ c: customers, city: cities.name, p: processSnapshots }).from(customers)
    .innerJoin(cities, eq(cities.id, customers.cityId)).leftJoin(processSnapshots, eq(processSnapshots.customerId, customers.id))
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)));
  if (!row) throw new DomainError('NOT_FOUND');
  const moves = await db.select({ m: processEvents, staffName: staff.name }).from(processEvents).leftJoin(staff, eq(staff.id, processEvents.staffId))
    .where(eq(processEvents.customerId, id)).orderBy(asc(processEvents.id));
  const { c } = row;
  const state = (row.p?.snapshot as { value?: unknown } | undefined)?.value ?? null;
  return {
    customer: {
      id: c.id, name: c.name, phone: c.phone, document: c.documentValue, city: row.city, state: c.stateCode, created_at: c.createdAt.toISOString(),
      email: c.email, kind: c.subscriptionLending, payment_type: c.paymentType,
    },
    process: { state, version: row.p?.version ?? 0 },
    moves: moves.map(({ m, staffName }) => ({ version: m.version, event: m.event, by: m.byKind, staff_name: staffName, before: m.before, after: m.after, at: m.at.toISOString() })),
  };
}
