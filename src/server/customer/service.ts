import { and, eq, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CustomerPatch, CustomerProfile } from '#shared/customer/payloads';
import type { MenuStep } from '#shared/steps';
import { catalogPlan, type PlanType } from '#shared/plan/rules';
import type { DocumentStatus, DocumentType } from '#shared/document/rules';
import type { SignUpRequest } from '#shared/auth/payloads';
import type { AppDeps } from '../config';
import { preparedPerDb, type Db } from '../platform/db/index';
import { bills, cities, clientPlans, contracts, coupons, customers, customerSuccessCases, documents, franchiseeCoverage, processSnapshots } from '../platform/db/schema';
import { DomainError } from '../errors';
import { consumePhoneProof, openSession, takePhoneProofTry } from '../auth/sessions';
import { customerSteps, startProcess } from '../process/host';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** The unique constraint a database error violated, if any (pg and PGlite, through drizzle's wrapper). */
function violatedConstraint(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? 'unique';
  }
  return undefined;
}

const inUse = (constraint: string | undefined): DomainError | undefined =>
  constraint === 'customers_email_key' ? new DomainError('EMAIL_IN_USE', { field: 'email' })
    : constraint === 'customers_phone_key' ? new DomainError('PHONE_IN_USE', { field: 'phone' })
      : undefined;

/**
 * Sign-up (personal or business) in one transaction: the phone proof is used up, the city must be
 * in the state, the coupon must exist, e-mail and phone must be free; the customer, their process
 * and their first session are created together or not at all.
 */
export async function signUp(deps: Deps, input: SignUpRequest, userAgent?: string): Promise<string> {
  const { db, clock } = deps;
  // one of the proof's few tries is taken first: a refused sign-up keeps it spent (F8)
  await takePhoneProofTry(db, deps, input.phone_proof, input.phone);
  try {
    return await db.transaction(async (tx) => {
      await consumePhoneProof(tx, deps, input.phone_proof, input.phone);
      const [city] = await tx.select({ id: cities.id }).from(cities)
        .where(and(eq(cities.id, input.city), eq(cities.stateCode, input.state)));
      if (!city) throw new DomainError('CITY_NOT_FOUND', { field: 'city' });
      const coupon = input.coupon ? input.coupon : null;
      if (coupon) {
        const [known] = await tx.select({ code: coupons.code }).from(coupons).where(and(eq(coupons.code, coupon), eq(coupons.active, true)));
        if (!known) throw new DomainError('COUPON_INVALID', { field: 'coupon' });
      }
      const [emailOwner] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.email, input.email));
      if (emailOwner) throw inUse('customers_email_key');
      const [phoneOwner] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.phone, input.phone));
      if (phoneOwner) throw inUse('customers_phone_key');
      // The coverage table decides who serves the customer; none: the unserved-region notice.
      const [coverage] = await tx.select({ id: franchiseeCoverage.franchiseeId }).from(franchiseeCoverage).where(eq(franchiseeCoverage.stateCode, input.state));
      const now = clock.now();
      const business = 'document_type' in input;
      const [created] = await tx.insert(customers).values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        type: business ? 'CNPJ' : 'CPF',
        documentValue: business ? input.document_value : null,
        unitType: input.unit_type,
        billValue: input.bill,
        stateCode: input.state,
        cityId: input.city,
        coupon,
        // the sign-up's claim of an employer partnership is not proof: it grants free months only once
        // staff confirm it (customer/partnership.ts); a forged `true` gave them (issue 29, F6)
        hasPartnership: false,
        franchiseeId: coverage?.id ?? null,
        attribution: input.attribution ?? null,
        createdAt: now,
        updatedAt: now,
      }).returning({ id: customers.id });
      if (!created) throw new Error('customer insert returned nothing');
      await startProcess(tx, clock, created.id);
      return openSession(tx, deps, created.id, userAgent);
    });
  } catch (err) {
    throw inUse(violatedConstraint(err)) ?? err;
  }
}

export async function customerIdByPhone(db: Db, phone: string): Promise<number | null> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.phone, phone));
  return row?.id ?? null;
}

export async function emailOfPhone(db: Db, phone: string): Promise<string | null> {
  const [row] = await db.select({ email: customers.email }).from(customers).where(eq(customers.phone, phone));
  return row?.email ?? null;
}

type Newest = [id: number, status: string] | null;

/** `table.column`, qualified: drizzle leaves columns bare in a one-table select, which a subquery would read as its own. */
const col = (column: AnyPgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * The profile's one statement: the customer's fields, and as scalar subqueries (cheaper to plan
 * than joins) their city's name, the steps stored with their process, their newest bill and their
 * customer-success case.
 */
const profileRow = preparedPerDb((db) => db.select({
  id: customers.id,
  name: customers.name,
  email: customers.email,
  phone: customers.phone,
  franchiseeId: customers.franchiseeId,
  subscriptionLending: customers.subscriptionLending,
  type: customers.type,
  documentValue: customers.documentValue,
  unitType: customers.unitType,
  billValue: customers.billValue,
  stateCode: customers.stateCode,
  cityId: customers.cityId,
  coupon: customers.coupon,
  hasPartnership: customers.hasPartnership,
  paymentType: customers.paymentType,
  cityName: sql<string>`(select ${col(cities.name)} from ${cities} where ${col(cities.id)} = ${col(customers.cityId)})`,
  steps: sql<MenuStep[] | null>`(select ${col(processSnapshots.steps)} from ${processSnapshots} where ${col(processSnapshots.customerId)} = ${col(customers.id)})`,
  bill: sql<Newest>`(select json_build_array(${col(bills.id)}, ${col(bills.status)}) from ${bills}
    where ${col(bills.customerId)} = ${col(customers.id)} order by ${col(bills.id)} desc limit 1)`,
  // the newest record of each type
  documents: sql<{ type: DocumentType; status: DocumentStatus }[] | null>`(select json_agg(json_build_object('type', d.type, 'status', d.status) order by d.id)
    from (select distinct on (${col(documents.type)}) ${col(documents.type)} as type, ${col(documents.status)} as status, ${col(documents.id)} as id from ${documents}
    where ${col(documents.customerId)} = ${col(customers.id)} order by ${col(documents.type)}, ${col(documents.id)} desc) d)`,
  clientPlan: sql<[string, number] | null>`(select json_build_array(${col(clientPlans.planType)}, ${col(clientPlans.price)}) from ${clientPlans}
    where ${col(clientPlans.customerId)} = ${col(customers.id)})`,
  contracts: sql<{ id: string; type: string; name: string; is_client_signed: boolean }[] | null>`(select json_agg(json_build_object('id', ${col(contracts.id)}, 'type', ${col(contracts.type)}, 'name', ${col(contracts.name)}, 'is_client_signed', ${col(contracts.signedAt)} is not null) order by ${col(contracts.type)})
    from ${contracts} where ${col(contracts.customerId)} = ${col(customers.id)})`,
  success: sql<[number, string, boolean] | null>`(select json_build_array(${col(customerSuccessCases.id)}, ${col(customerSuccessCases.status)}, ${col(customerSuccessCases.uploadAvailable)}) from ${customerSuccessCases}
    where ${col(customerSuccessCases.customerId)} = ${col(customers.id)})`,
}).from(customers).where(eq(customers.id, sql.placeholder('id'))).prepare('customer_profile'));

/**
 * GET /portal/customers: the spec §3 profile, in one statement; the steps are the ones stored with
 * the process (no machine is run). Parts later issues build are empty.
 */
export async function profile(db: Db, id: number): Promise<CustomerProfile> {
  const [c] = await profileRow(db).execute({ id });
  if (!c) throw new DomainError('UNAUTHORIZED');
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    franchisee_id: c.franchiseeId,
    customer_success_id: c.success?.[0] ?? null,
    subscription_lending: c.subscriptionLending,
    type: c.type,
    document_value: c.documentValue,
    unit_type: c.unitType,
    bill_id: c.bill?.[0] ?? null,
    bill_value: c.billValue,
    bill: c.bill?.[1] ?? null,
    state: c.stateCode,
    city: c.cityId,
    city_name: c.cityName,
    coupon: c.coupon,
    has_partnership: c.hasPartnership,
    payment_type: c.paymentType,
    selected_client_plan: c.clientPlan ? { plan: { name: catalogPlan(c.clientPlan[0] as PlanType).name }, price: c.clientPlan[1] } : null,
    documents: c.documents ?? [],
    contracts: c.contracts ?? [],
    // a process stored before its steps were (null) has them derived once and kept
    steps: c.steps ?? await customerSteps(db, c.id, null),
    customer_success: c.success ? { id: c.success[0], status: c.success[1], upload_available: c.success[2] } : null,
  };
}

/**
 * PATCH /portal/customers: the name. The e-mail may come as it is (the form sends both); a
 * different one is refused (4099): it changes only with its two codes (profile/emailChange.ts).
 */
export async function updateProfile(deps: Deps, id: number, patch: CustomerPatch): Promise<CustomerProfile> {
  const { db, clock } = deps;
  if (patch.email) {
    const [me] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, id));
    if (me && me.email.toLowerCase() !== patch.email) throw new DomainError('EMAIL_NEEDS_CODES', { field: 'email' });
  }
  if (patch.name) await db.update(customers).set({ name: patch.name, updatedAt: clock.now() }).where(eq(customers.id, id));
  return profile(db, id);
}
