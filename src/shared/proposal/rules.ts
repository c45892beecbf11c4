import * as v from 'valibot';
import { formatBRL } from '../money';
import { dateTimeFormat, numberFormat } from '../intl';
import { messages as m } from '../messages';
import { currentStep, type MenuStep, type StepStatus } from '../steps';
import { SCREENS } from '../routes';

/**
 * Proposal formulas and display rules (spec §9 "Proposal figures", §2 "Proposal screen", §3
 * Proposal). The screen, the PDF and the server all format a proposal through these functions, so
 * the PDF shows the same figures as the screen.
 */

/** Spec §3 Proposal, as GET portal/customers/{id}/proposal returns each item. */
export const Proposal = v.object({
  id: v.optional(v.number()),
  type: v.picklist(['INITIAL', 'FINAL']),
  /** kWp */
  power_of_the_project: v.number(),
  /** R$ */
  final_value: v.number(),
  /** kWh per year */
  annual_production: v.number(),
  /** R$ per year */
  annual_savings: v.number(),
  /** months */
  payback: v.number(),
  pdf_link: v.nullish(v.string()),
  structure_type: v.nullish(v.string()),
  /** ISO date-time */
  created_at: v.nullish(v.string()),
  inverter_brand: v.nullish(v.string()),
  inverter_warranty: v.nullish(v.number()),
  /** kW */
  inverter_power: v.nullish(v.number()),
  inverter_quantity: v.nullish(v.number()),
  module_brand: v.nullish(v.string()),
  module_warranty: v.nullish(v.number()),
  /** W */
  module_power: v.nullish(v.number()),
  module_quantity: v.nullish(v.number()),
  structure_warranty: v.nullish(v.number()),
  /** the monthly bill the proposal was sized from, R$ */
  old_bill: v.nullish(v.number()),
  /** the monthly bill with solar, R$ (never zero: see bill_after_solar) */
  new_bill: v.nullish(v.number()),
  /** the calendar year whose Fio B share the figures use */
  year: v.nullish(v.number()),
  /** what stays on the bill after solar, line by line (the sizing engine's lines) */
  bill_after_solar: v.nullish(v.array(v.object({
    key: v.picklist(['minimum_availability', 'public_lighting', 'fio_b', 'uncompensated_consumption']),
    /** R$ per month */
    value: v.number(),
    kwh: v.optional(v.number()),
    share: v.optional(v.number()),
  }))),
});
export type Proposal = v.InferOutput<typeof Proposal>;
export type ProposalType = Proposal['type'];

export const PROPOSAL_VALIDITY_DAYS = 15;
export const INSTALLATION_AREA_M2_PER_KWP = 6;
export const SAVINGS_HORIZON_YEARS = 25;
/** Time until the system starts producing, in months (spec §9). */
export const MONTHS_UNTIL_PRODUCTION = 3;
export const NO_VALIDITY_TEXT = '*Proposta sem prazo de validade';
export const NO_BRAND_TEXT = 'Sem marca';
export const NO_WARRANTY_TEXT = 'Sem garantia';
/** The name the PDF is saved under (spec §7). */
export const PROPOSAL_FILE_NAME: Readonly<Record<ProposalType, string>> = { INITIAL: 'Proposta Inicial', FINAL: 'Proposta Final' };
/** The proposal pages' titles, as the screen table writes them. */
export const PROPOSAL_TITLE: Readonly<Record<ProposalType, string>> = { INITIAL: SCREENS.proposalInitial.title, FINAL: SCREENS.proposalFinal.title };

const DAY_MS = 86_400_000;

// ---- formulas (spec §9) ----

/** Installation area: 6 m² per kWp. */
export const installationAreaM2 = (powerKwp: number): number => powerKwp * INSTALLATION_AREA_M2_PER_KWP;
/** Savings over 25 years = 25 × annual savings. */
export const savingsOver25Years = (annualSavings: number): number => SAVINGS_HORIZON_YEARS * annualSavings;
/** Monthly production = annual production / 12. */
export const monthlyProduction = (annualProduction: number): number => annualProduction / 12;
/** Monthly savings = annual savings / 12. */
export const monthlySavings = (annualSavings: number): number => annualSavings / 12;
/** Specific production = annual production / power (kWh per kWp per year); 0 without power. */
export const specificProduction = (annualProduction: number, powerKwp: number): number => (powerKwp > 0 ? annualProduction / powerKwp : 0);
/** Price per Wp = final value / (1000 × power); 0 without power. */
export const pricePerWp = (finalValue: number, powerKwp: number): number => (powerKwp > 0 ? finalValue / (1000 * powerKwp) : 0);
/** Total = price + joining fee (the joining fee is R$ 0,00 today). */
export const proposalTotal = (finalValue: number, joiningFee = 0): number => finalValue + joiningFee;

/**
 * The last day a proposal is valid: 15 days after the calendar day it was created, that day read
 * in the customer's time zone. Null without created_at (or with an unreadable one).
 */
export function validUntil(createdAt: string | null | undefined, timeZone = 'America/Sao_Paulo'): { year: number; month: number; day: number } | null {
  if (!createdAt) return null;
  const instant = new Date(createdAt);
  if (Number.isNaN(instant.getTime())) return null;
  const parts = dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const end = new Date(Date.UTC(part('year'), part('month') - 1, part('day')) + PROPOSAL_VALIDITY_DAYS * DAY_MS);
  return { year: end.getUTCFullYear(), month: end.getUTCMonth() + 1, day: end.getUTCDate() };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** '*Proposta válida até 21/03/2026', or '*Proposta sem prazo de validade' without created_at. */
export function validityText(createdAt: string | null | undefined, timeZone?: string): string {
  const end = validUntil(createdAt, timeZone);
  if (!end) return NO_VALIDITY_TEXT;
  return `*Proposta válida até ${pad2(end.day)}/${pad2(end.month)}/${end.year}`;
}

// ---- display rules (spec §9) ----

const number = (value: number, min: number, max: number) =>
  numberFormat('pt-BR', { minimumFractionDigits: min, maximumFractionDigits: max }).format(value);

/** BRL in pt-BR format, 2 decimals: 'R$ 1.234,56'. */
export const formatMoney = (value: number): string => formatBRL(value);
/** Power with 1 to 3 decimals: 4.4 -> '4,4', 4.95 -> '4,95', 4.1254 -> '4,125'. */
export const formatPower = (powerKwp: number): string => number(powerKwp, 1, 3);
/** Annual production with one decimal: 6167 -> '6.167,0'. */
export const formatAnnualProduction = (kwh: number): string => number(kwh, 1, 1);
/** Monthly production without decimals: 513.9 -> '514'. */
export const formatMonthlyProduction = (kwh: number): string => number(Math.round(kwh), 0, 0);
/** Price per Wp with 2 decimals: 'R$ 2,43'. */
export const formatPricePerWp = (value: number): string => formatBRL(Math.round(value * 100) / 100);
/** Annual savings in thousands with one decimal plus 'mil': 4708.34 -> '4,7 mil'. */
export const formatAnnualSavingsThousands = (annualSavings: number): string => `${number(annualSavings / 1000, 1, 1)} mil`;
/** Payback in whole months. */
export const formatPaybackMonths = (months: number): string => String(Math.round(months));
/** Reduction percent, rounded, as an absolute value: -35.6 -> 36. */
export const reductionPercentShown = (percent: number): number => Math.abs(Math.round(percent));
/** Installation area with up to 2 decimals: '26,4 m²'. */
export const formatArea = (m2: number): string => `${number(m2, 0, 2)} m²`;
/** Equipment quantities below 10 are zero-padded: 6 -> '06', 12 -> '12'. */
export const formatQuantity = (quantity: number): string => (quantity >= 0 && quantity < 10 ? pad2(quantity) : String(quantity));
/** A missing brand reads 'Sem marca'. */
export const formatBrand = (brand: string | null | undefined): string => (brand && brand.trim() !== '' ? brand.trim() : NO_BRAND_TEXT);
/** Warranty in years: '1 ano', '12 anos'; missing (or zero) reads 'Sem garantia'. */
export const formatWarranty = (years: number | null | undefined): string =>
  years == null || !(years > 0) ? NO_WARRANTY_TEXT : `${years} ${years === 1 ? 'ano' : 'anos'}`;

/** Spec §7: of the list, filtered by type, the last one is used. */
export function latestProposal<P extends { type: ProposalType }>(proposals: readonly P[], type: ProposalType): P | null {
  const ofType = proposals.filter((p) => p.type === type);
  return ofType[ofType.length - 1] ?? null;
}

/** The customer approved the proposal of this type (its step, PROPOSAL_INITIAL or PROPOSAL_FINAL, is APPROVED). */
export const proposalApproved = (steps: readonly Pick<MenuStep, 'type' | 'status'>[], type: ProposalType): boolean =>
  steps.some((s) => s.type === (type === 'INITIAL' ? 'PROPOSAL_INITIAL' : 'PROPOSAL_FINAL') && s.status === 'APPROVED');

/**
 * With no final proposal published yet: the technical visit is accomplished and approved (its step
 * APPROVED), so staff are preparing it; before that, the final proposal waits for the visit.
 */
export const finalProposalInPreparation = (steps: readonly Pick<MenuStep, 'type' | 'status'>[]): boolean =>
  steps.some((s) => s.type === 'TECHNICAL_VISIT' && s.status === 'APPROVED');

/**
 * What the initial proposal's banner says once that proposal is approved: the customer's real next
 * step, read from the steps and whether a FINAL proposal is published (never a stale "book your
 * visit" to a customer who is past it). Null while the initial proposal is not approved.
 */
export type InitialProposalNext = 'visit' | 'visitRequested' | 'visitNotApproved' | 'finalPreparing' | 'finalProposal' | 'onward';
export function initialProposalNextStep(steps: readonly Pick<MenuStep, 'type' | 'status'>[], hasFinalProposal: boolean): InitialProposalNext | null {
  if (!proposalApproved(steps, 'INITIAL')) return null;
  if (hasFinalProposal) return 'finalProposal';
  switch (steps.find((s) => s.type === 'TECHNICAL_VISIT')?.status ?? 'NOT_DONE') {
    case 'NOT_DONE': return 'visit';
    case 'PENDING': return 'visitRequested';
    case 'DENIED': return 'visitNotApproved';
    // visit approved, no final proposal: staff prepare it while the customer is at the offer; a
    // customer who chose a plan meanwhile is simply past this page
    case 'APPROVED': return finalProposalActionsDisabled(steps) ? 'onward' : 'finalPreparing';
  }
}

/** The initial proposal's step status, the one its buttons depend on (null before the step exists). */
export const initialProposalStepStatus = (steps: readonly Pick<MenuStep, 'type' | 'status'>[]): StepStatus | null =>
  steps.find((s) => s.type === 'PROPOSAL_INITIAL')?.status ?? null;

/** Spec §4: the initial proposal's buttons are disabled when its step is APPROVED or NOT_DONE. */
export const initialProposalActionsDisabled = (stepStatus: StepStatus | null | undefined): boolean =>
  stepStatus === 'APPROVED' || stepStatus === 'NOT_DONE';

/**
 * The final proposal's 'Compra à vista' and 'Financiamento' are open only while the customer is at
 * the offer: the visit approved and nothing chosen yet (current step SIGNATURE for a subscription
 * customer, PROPOSAL_FINAL for a lending one). After a choice (a plan or the final proposal) they close.
 */
export const finalProposalActionsDisabled = (
  steps: readonly Pick<MenuStep, 'type' | 'status'>[],
  /** a buyer at the payment screen whose purchase contract is not signed yet (spec §2 'Voltar') */
  buyer: { purchaseContractSigned: boolean } | null = null,
): boolean => {
  const step = currentStep(steps);
  // back from the payment screen before signing: the other payment type may still be chosen (the server replaces the unsigned contracts)
  if (step === 'CONTRACT' && buyer && !buyer.purchaseContractSigned) return false;
  return step !== 'SIGNATURE' && step !== 'PROPOSAL_FINAL';
};

/** Everything the proposal screen and PDF print, computed once. */
export interface ProposalFigures {
  readonly title: string;
  /** the five figure cards */
  readonly power: string;
  readonly pricePerWp: string;
  readonly monthlyProduction: string;
  readonly annualSavings: string;
  readonly paybackMonths: string;
  readonly total: string;
  readonly finalValue: string;
  readonly joiningFee: string;
  readonly annualProduction: string;
  readonly monthlySavings: string;
  readonly savings25Years: string;
  readonly specificProduction: string;
  readonly area: string;
  readonly monthsUntilProduction: number;
  readonly validity: string;
  readonly equipment: {
    readonly modules: { readonly quantity: string; readonly brand: string; readonly powerW: string; readonly warranty: string };
    readonly inverters: { readonly quantity: string; readonly brand: string; readonly powerKw: string; readonly warranty: string };
    readonly structure: { readonly type: string; readonly warranty: string };
  };
}

export function proposalFigures(p: Proposal, options: { joiningFee?: number; timeZone?: string } = {}): ProposalFigures {
  const joiningFee = options.joiningFee ?? 0;
  const power = p.power_of_the_project;
  return {
    title: PROPOSAL_TITLE[p.type],
    power: formatPower(power),
    pricePerWp: formatPricePerWp(pricePerWp(p.final_value, power)),
    monthlyProduction: formatMonthlyProduction(monthlyProduction(p.annual_production)),
    annualSavings: formatAnnualSavingsThousands(p.annual_savings),
    paybackMonths: formatPaybackMonths(p.payback),
    total: formatMoney(proposalTotal(p.final_value, joiningFee)),
    finalValue: formatMoney(p.final_value),
    joiningFee: formatMoney(joiningFee),
    annualProduction: formatAnnualProduction(p.annual_production),
    monthlySavings: formatMoney(monthlySavings(p.annual_savings)),
    savings25Years: formatMoney(savingsOver25Years(p.annual_savings)),
    specificProduction: number(Math.round(specificProduction(p.annual_production, power)), 0, 0),
    area: formatArea(installationAreaM2(power)),
    monthsUntilProduction: MONTHS_UNTIL_PRODUCTION,
    validity: validityText(p.created_at, options.timeZone),
    equipment: {
      modules: {
        quantity: formatQuantity(p.module_quantity ?? 0),
        brand: formatBrand(p.module_brand),
        powerW: p.module_power != null ? `${number(p.module_power, 0, 0)} W` : '',
        warranty: formatWarranty(p.module_warranty),
      },
      inverters: {
        quantity: formatQuantity(p.inverter_quantity ?? 0),
        brand: formatBrand(p.inverter_brand),
        powerKw: p.inverter_power != null ? `${number(p.inverter_power, 0, 2)} kW` : '',
        warranty: formatWarranty(p.inverter_warranty),
      },
      structure: { type: p.structure_type ?? '', warranty: formatWarranty(p.structure_warranty) },
    },
  };
}

// ---- what stays on the bill after solar (sizing engine's bill_after_solar lines) ----

export type BillAfterSolarKey = 'minimum_availability' | 'public_lighting' | 'fio_b' | 'uncompensated_consumption';

/** pt-BR label of one line of the bill after solar, so a saving is never read as a zero bill. */
export function billAfterSolarLabel(line: { key: BillAfterSolarKey; kwh?: number; share?: number }, year: number): string {
  switch (line.key) {
    case 'minimum_availability':
      return `Custo de disponibilidade (${number(line.kwh ?? 0, 0, 1)} kWh)`;
    case 'public_lighting':
      return 'Contribuição de iluminação pública (estimativa)';
    case 'fio_b':
      return `Fio B sobre a energia compensada (${Math.round((line.share ?? 0) * 100)}% em ${year}, Lei 14.300/2022)`;
    case 'uncompensated_consumption':
      return 'Consumo não compensado';
  }
}

export interface BillAfterSolarFigures {
  /** the bill today, 'R$ 600,00' */
  readonly oldBill: string;
  /** each line that stays on the bill, with its monthly value */
  readonly lines: readonly { readonly key: BillAfterSolarKey; readonly label: string; readonly value: string }[];
  /** the sum of the lines: the bill with solar, 'R$ 87,10' */
  readonly newBill: string;
}

/**
 * What stays on the bill after solar (issue 5: savings are never a zero bill), or null for a
 * proposal stored without the engine's lines. The new bill is the sum of the lines shown.
 */
export function billAfterSolarFigures(p: Proposal): BillAfterSolarFigures | null {
  const lines = p.bill_after_solar;
  if (!lines || lines.length === 0) return null;
  const year = p.year ?? (p.created_at ? new Date(p.created_at).getUTCFullYear() : new Date().getUTCFullYear());
  const total = lines.reduce((sum, l) => sum + Math.round(l.value * 100), 0) / 100;
  return {
    oldBill: p.old_bill != null ? formatMoney(p.old_bill) : '',
    lines: lines.map((l) => ({ key: l.key, label: billAfterSolarLabel(l, year), value: formatMoney(l.value) })),
    newBill: formatMoney(total),
  };
}

// ---- what the screen and the PDF print, label and value (same words, same figures) ----

/** The five figure cards of the screen, label and value with its unit, in the screen's order. */
export function proposalCards(p: Proposal): { label: string; value: string }[] {
  const f = proposalFigures(p);
  return [
    { label: m['proposal.card.power'], value: `${f.power} kWp` },
    { label: m['proposal.card.pricePerWp'], value: `${f.pricePerWp}/Wp` },
    { label: m['proposal.card.monthlyProduction'], value: `${f.monthlyProduction} kWh` },
    { label: m['proposal.card.annualSavings'], value: `R$ ${f.annualSavings}` },
    { label: m['proposal.card.payback'], value: `${f.paybackMonths} ${m['proposal.card.months']}` },
  ];
}

/** The detailed figures (dialog and PDF), label and value. */
export function proposalDetailRows(p: Proposal): { label: string; value: string }[] {
  const f = proposalFigures(p);
  return [
    { label: m['proposal.figure.finalValue'], value: f.finalValue },
    { label: m['proposal.figure.joiningFee'], value: f.joiningFee },
    { label: m['proposal.figure.annualProduction'], value: `${f.annualProduction} kWh` },
    { label: m['proposal.figure.monthlySavings'], value: f.monthlySavings },
    { label: m['proposal.figure.savings25Years'], value: f.savings25Years },
    { label: m['proposal.figure.specificProduction'], value: `${f.specificProduction} kWh/kWp por ano` },
    { label: m['proposal.figure.area'], value: f.area },
    { label: m['proposal.figure.startsIn'], value: `${f.monthsUntilProduction} meses` },
  ];
}

export const PROPOSAL_BENEFITS = [
  m['proposal.benefit.monitoring'], m['proposal.benefit.installation'], m['proposal.benefit.freight'], m['proposal.benefit.partners'],
] as const;
