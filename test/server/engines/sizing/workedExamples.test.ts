import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sizeSolarSystem } from '../../../../src/server/engines/sizing';
import { WORKED_EXAMPLES } from '../../../../src/server/engines/sizing/workedExamples';

/** The worked-examples table of docs/sizing.md, one record per row keyed by column header. */
function docsTable(): Record<string, string>[] {
  const doc = readFileSync(new URL('../../../../docs/sizing.md', import.meta.url), 'utf8');
  const block = /<!-- worked-examples:start -->\n([\s\S]*?)<!-- worked-examples:end -->/.exec(doc)?.[1];
  if (!block) throw new Error('docs/sizing.md has no worked-examples block');
  const cells = (line: string) => line.split('|').slice(1, -1).map((c) => c.trim());
  const [header, , ...rows] = block.trim().split('\n');
  const names = cells(header ?? '');
  return rows.map((row) => Object.fromEntries(cells(row).map((c, i) => [names[i] ?? String(i), c])));
}

describe('worked examples of docs/sizing.md', () => {
  const rows = docsTable();

  it('has at least one city per region and one row per example', () => {
    expect(new Set(rows.map((r) => r.Region))).toEqual(new Set(['N', 'NE', 'CO', 'SE', 'S']));
    expect(rows).toHaveLength(WORKED_EXAMPLES.length);
  });

  for (const example of WORKED_EXAMPLES) {
    it(`${example.city} (${example.input.uf}, R$ ${example.input.billValue}, ${example.input.year})`, () => {
      const row = rows.find((r) => r['City (IBGE)'] === `${example.city} (${example.input.municipalityIbge})`);
      expect(row, 'row in docs/sizing.md').toBeDefined();
      const r = sizeSolarSystem(example.input);
      const line = (key: string) => r.bill_after_solar.find((l) => l.key === key)?.value;
      const plans = (['low', 'med', 'max'] as const)
        .map((k) => (r.plan[k].is_fit ? `${r.plan[k].price}` : `(${r.plan[k].price})`))
        .join(' / ');
      expect({
        Region: example.region,
        UF: example.input.uf,
        Bill: String(example.input.billValue),
        Connection: example.input.connection,
        Year: String(example.input.year),
        'Tariff with taxes': String(r.tariff.with_taxes),
        H: String(r.irradiation.kwh_m2_day),
        Consumption: String(r.consumption_kwh),
        Modules: String(r.photovoltaic_system.module_quantity),
        kWp: String(r.photovoltaic_system.power_kwp),
        'Production/year': String(r.photovoltaic_system.annual_production),
        Price: String(r.photovoltaic_system.price),
        Availability: String(line('minimum_availability')),
        'Public lighting': String(line('public_lighting')),
        'Fio B': String(line('fio_b')),
        'New bill': String(r.annual_values.new_bill),
        'Savings/month': String(r.annual_values.monthly_savings),
        'Savings/year': String(r.annual_values.annual_savings),
        'Payback (months)': String(r.annual_values.payback_months),
        'Plans low / med / max': plans,
      }).toEqual(Object.fromEntries(Object.entries(row ?? {}).filter(([k]) => k !== 'City (IBGE)')));
    });
  }
});
