import * as v from 'valibot';

/** PUT admin/coverage/{state} (staff): the franchisee that serves a state. */
export const CoverageEntry = v.object({ franchisee_id: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)) });

/** GET admin/coverage (staff): the coverage table, state -> franchisee. */
export const CoverageTable = v.object({ data: v.array(v.object({ state: v.string(), franchisee_id: v.string() })) });
