import { and, desc, eq, ne } from 'drizzle-orm';
import type { CustomerPatch, CustomerProfile } from '#shared/customer/payloads';
import type { SignUpRequest } from '#shared/auth/payloads';
import { ErrorCode } from '#shared/errors';
import type { AppDeps } from '../config';
import type { Db } from '../platform/db/index';
import { bills, cities, coupons, customers, franchiseeCoverage } from '../platform/db/schema';
import { ApiError } from '../http/errors';
import { consumePhoneProof, openSession } from '../auth/sessions';
import { customerSteps, startProcess } from '../process/host';
import { customerSuccessOf } from '../project/service';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** The unique constraint a database error violated, if any (pg and PGlite, through drizzle's wrapper). */
function violatedConstraint(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? 'unique';
  }
  return undefined;
}

const inUse = (constraint: string | undefined): ApiError | undefined =>
  constraint === 'customers_email_key' ? new ApiError(409, ErrorCode.EMAIL_IN_USE, { field: 'email' })
    : constraint === 'customers_phone_key' ? new ApiError(409, ErrorCode.PHONE_IN_USE, { field: 'phone' })
      : undefined;

/**
 * Sign-up (personal or business) in one transaction: the phone proof is used up, the city must be
 * in the state, the coupon must exist, e-mail and phone must be free; the customer, their process
 * and their first session are created together or not at all.
 */
export async function signUp(deps: Deps, input: SignUpRequest): Promise<string> {
  const { db, clock } = deps;
  try {
    return await db.transaction(async (tx) => {
      await consumePhoneProof(tx, deps, input.phone_proof, input.phone);
      const [city] = await tx.select({ id: cities.id }).from(cities)
        .where(and(eq(cities.id, input.city), eq(cities.stateCode, input.state)));
      if (!city) throw new ApiError(422, ErrorCode.CITY_NOT_FOUND, { field: 'city' });
      const coupon = input.coupon ? input.coupon : null;
      if (coupon) {
        const [known] = await tx.select({ code: coupons.code }).from(coupons).where(and(eq(coupons.code, coupon), eq(coupons.active, true)));
        if (!known) throw new ApiError(422, ErrorCode.COUPON_INVALID, { field: 'coupon' });
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
        hasPartnership: business ? false : input.hasPartnership,
        franchiseeId: coverage?.id ?? null,
        createdAt: now,
        updatedAt: now,
      }).returning({ id: customers.id });
      if (!created) throw new Error('customer insert returned nothing');
      await startProcess(tx, clock, created.id);
      return openSession(tx, deps, created.id);
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

/** GET /portal/customers: the spec §3 profile; parts later issues build are empty. */
export async function profile(db: Db, id: number): Promise<CustomerProfile> {
  const [row] = await db.select({ c: customers, cityName: cities.name }).from(customers)
    .innerJoin(cities, eq(cities.id, customers.cityId)).where(eq(customers.id, id));
  if (!row) throw new ApiError(401, ErrorCode.UNAUTHORIZED);
  const { c } = row;
  const [bill] = await db.select({ id: bills.id, status: bills.status }).from(bills).where(eq(bills.customerId, id)).orderBy(desc(bills.id)).limit(1);
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    franchisee_id: c.franchiseeId,
    customer_success_id: null,
    subscription_lending: c.subscriptionLending,
    type: c.type,
    document_value: c.documentValue,
    unit_type: c.unitType,
    bill_id: bill?.id ?? null,
    bill_value: c.billValue,
    bill: bill?.status ?? null,
    state: c.stateCode,
    city: c.cityId,
    city_name: row.cityName,
    coupon: c.coupon,
    has_partnership: c.hasPartnership,
    payment_type: c.paymentType,
    selected_client_plan: null,
    documents: [],
    contracts: [],
    steps: await customerSteps(db, c.id),
    customer_success: await customerSuccessOf(db, c.id),
  };
}

/** PATCH /portal/customers: name and e-mail (1005 when the e-mail belongs to someone else). */
export async function updateProfile(deps: Deps, id: number, patch: CustomerPatch): Promise<CustomerProfile> {
  const { db, clock } = deps;
  if (patch.email) {
    const [other] = await db.select({ id: customers.id }).from(customers).where(and(eq(customers.email, patch.email), ne(customers.id, id)));
    if (other) throw inUse('customers_email_key');
  }
  const changes = { ...(patch.name ? { name: patch.name } : {}), ...(patch.email ? { email: patch.email } : {}) };
  try {
    await db.update(customers).set({ ...changes, updatedAt: clock.now() }).where(eq(customers.id, id));
  } catch (err) {
    throw inUse(violatedConstraint(err)) ?? err;
  }
  return profile(db, id);
}
