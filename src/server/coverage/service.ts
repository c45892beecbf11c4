import { asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { Clock } from '../config';
import type { Db } from '../platform/db/index';
import { cities, franchiseeCoverage, states } from '../platform/db/schema';
import { DomainError } from '../errors';
import { audit } from '../staff/audit';

/** The municipalities of a state (UF) by name, with their IBGE codes; 404 (field state) for an unknown state. */
export async function citiesOf(db: Db, uf: string): Promise<{ city_id: number; name: string }[]> {
  const [state] = v.is(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)), uf)
    ? await db.select({ code: states.code }).from(states).where(eq(states.code, uf))
    : [];
  if (!state) throw new DomainError('NOT_FOUND', { field: 'state' });
  return db.select({ city_id: cities.id, name: cities.name }).from(cities).where(eq(cities.stateCode, uf)).orderBy(asc(cities.name));
}

/** The franchisee coverage table, by state. */
export async function coverageTable(db: Db): Promise<{ state: string; franchisee_id: string }[]> {
  const rows = await db.select().from(franchiseeCoverage).orderBy(asc(franchiseeCoverage.stateCode));
  return rows.map((r) => ({ state: r.stateCode, franchisee_id: r.franchiseeId }));
}

/** Staff serve a state by a franchisee (a new one or a change); audited in the same transaction. */
export async function serveState(db: Db, clock: Clock, staffId: number, state: string, franchiseeId: string): Promise<void> {
  const [known] = await db.select({ code: states.code }).from(states).where(eq(states.code, state));
  if (!known) throw new DomainError('NOT_FOUND');
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(franchiseeCoverage).where(eq(franchiseeCoverage.stateCode, state));
    await tx.insert(franchiseeCoverage).values({ stateCode: state, franchiseeId })
      .onConflictDoUpdate({ target: franchiseeCoverage.stateCode, set: { franchiseeId } });
    await audit(tx, clock, {
      staffId, action: 'coverage:set', customerId: null,
      before: before ? { state, franchisee_id: before.franchiseeId } : null, after: { state, franchisee_id: franchiseeId },
    });
  });
}

/** Staff stop serving a state; audited when it was served. */
export async function stopServingState(db: Db, clock: Clock, staffId: number, state: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(franchiseeCoverage).where(eq(franchiseeCoverage.stateCode, state)).returning();
    if (before) {
      await audit(tx, clock, { staffId, action: 'coverage:remove', customerId: null, before: { state, franchisee_id: before.franchiseeId }, after: null });
    }
  });
}
