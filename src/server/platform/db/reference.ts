import { getMunicipalities, getStates } from '@brazilian-utils/brazilian-utils';
import { sql } from 'drizzle-orm';
import type { Db } from './index';
import { cities, coupons, franchiseeCoverage, states } from './schema';

/** Coupons known at start; staff screens will manage them later. */
export const SEED_COUPONS = [
  { code: 'SOLAR10', description: 'Campanha Solar 10' },
  { code: 'PARCEIRO', description: 'Indicação de parceiro' },
  { code: 'BEMVINDO', description: 'Boas-vindas' },
];

/** States no franchisee serves yet (spec: everything but Acre, Amapá and Roraima). */
export const UNSERVED_STATES = ['AC', 'AP', 'RR'];
/** The seed franchisee of a state; staff change the table through /api/v1/admin/coverage. */
export const seedFranchiseeOf = (stateCode: string) => `FR-${stateCode}`;

/**
 * The 27 units of federation and their municipalities (IBGE codes) from
 * @brazilian-utils/brazilian-utils, plus the seed coupons. Idempotent: rows already there are kept.
 */
export async function loadReferenceData(db: Db): Promise<void> {
  const all = getStates();
  const cityRows = all.flatMap((s) =>
    getMunicipalities(s.code as Parameters<typeof getMunicipalities>[0]).map((m) => ({
      id: Number(m.code), stateCode: s.code, name: m.name,
    })),
  );
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(cities);
  await db.transaction(async (tx) => {
    await tx.insert(states)
      .values(all.map((s) => ({ code: s.code, name: s.name, ibgeCode: s.ibgeCode })))
      .onConflictDoNothing();
    if (n < cityRows.length) {
      for (let i = 0; i < cityRows.length; i += 1000) {
        await tx.insert(cities).values(cityRows.slice(i, i + 1000)).onConflictDoNothing();
      }
    }
    await tx.insert(coupons).values(SEED_COUPONS).onConflictDoNothing();
    // Seeded once, on an empty table: staff edits (including removals) survive restarts.
    const [{ covered } = { covered: 0 }] = await tx.select({ covered: sql<number>`count(*)::int` }).from(franchiseeCoverage);
    if (covered === 0) {
      await tx.insert(franchiseeCoverage)
        .values(all.filter((s) => !UNSERVED_STATES.includes(s.code)).map((s) => ({ stateCode: s.code, franchiseeId: seedFranchiseeOf(s.code) })));
    }
  });
}
