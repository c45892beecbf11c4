import type { PlanOffer } from '#shared/plan/payloads';
import { PLAN_TABLE_FACTS } from '#shared/plan/rules';
import { fill, messages as m, type MessageKey } from '#shared/messages';
import { formatBRL } from '#shared/money';

/** One line of the plan comparison: its label and each plan's value, as the table and the tabs show it. */
export interface PlanRow { key: string; label: string; value: (offer: PlanOffer) => string; figure?: boolean }

const count = (n: number, one: MessageKey, many: MessageKey) => fill(n === 1 ? one : many, { n });
const yesNo = (v: boolean) => (v ? m['plan.value.yes'] : m['plan.value.no']);
const kwp = (v: number) => `${v.toLocaleString('pt-BR', { maximumFractionDigits: 2 })} kWp`;

/** The customer's own figures first, then the facts of the plan table (spec §9). */
export const PLAN_ROWS: readonly PlanRow[] = [
  { key: 'price', label: m['plan.row.price'], value: (o) => fill('plan.value.perMonth', { value: formatBRL(o.price) }), figure: true },
  { key: 'economy', label: m['plan.row.economy'], value: (o) => formatBRL(Math.max(0, o.economy_per_month)), figure: true },
  { key: 'reduction', label: m['plan.row.reduction'], value: (o) => `${Math.round(Math.abs(o.reduction_percent))}%`, figure: true },
  { key: 'newBill', label: m['plan.row.newBill'], value: (o) => formatBRL(o.new_bill), figure: true },
  { key: 'term', label: m['plan.row.term'], value: (o) => count(o.deadline_years, 'plan.value.year', 'plan.value.years') },
  { key: 'freeMonths', label: m['plan.row.freeMonths'], value: (o) => count(o.free_months, 'plan.value.month', 'plan.value.months') },
  { key: 'system', label: m['plan.row.system'], value: (o) => kwp(o.total_potential) },
  { key: 'joiningFee', label: m['plan.row.joiningFee'], value: (o) => formatBRL(o.plan.joining_fee) },
  { key: 'installation', label: m['plan.row.installation'], value: () => m['plan.value.free'] },
  { key: 'trees', label: m['plan.row.trees'], value: () => fill('plan.value.trees', { n: PLAN_TABLE_FACTS.treesPerYear }) },
  { key: 'assistance', label: m['plan.row.assistance'], value: (o) => yesNo(o.plan.has_assistance) },
  { key: 'monitoring', label: m['plan.row.monitoring'], value: (o) => yesNo(o.plan.has_monitoring_by_app) },
  { key: 'ownership', label: m['plan.row.ownership'], value: (o) => yesNo(o.system_becomes_yours) },
  { key: 'warranty', label: m['plan.row.warranty'], value: () => count(PLAN_TABLE_FACTS.installationWarrantyYears, 'plan.value.year', 'plan.value.years') },
];
