/**
 * The contracts the customer signs in the portal, drawn with @cantoo/pdf-lib from the texts of templates.ts
 * (DRAFTS pending legal review): a subscription's 'Termo de Adesão' (spec §3 contract item), a
 * purchase's 'Contrato de compra' (spec §3 signature entry; cash purchase or bank financing), and
 * the 'Procuração' technical power of attorney that serves either.
 * Pure and deterministic: no clock (the issue time is `generated_at`), constant producer and
 * creator, so the same data always gives the same bytes, and so the same SHA-256.
 */
import { PDFDict, PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import {
  formatAnnualProduction, formatBrand, formatPower, formatQuantity, formatWarranty,
} from '#shared/proposal/rules';
import { numberFormat } from '#shared/intl';
import {
  ADHESION_CLAUSES, ADHESION_CLOSING, ADHESION_VARIANTS, BILLING_TEXT, CONTRACT_SUBTITLES, CONTRACT_TITLES, EQUIPMENT_TEXT, LABELS,
  MARITAL_STATUS_LABELS, PLAN_VALUES, POWER_OF_ATTORNEY_TEXT, PURCHASE_CLAUSES, PURCHASE_CLOSING, PURCHASE_VALUES, PURCHASE_VARIANTS,
  QUALIFICATION, fillTemplate, type ClauseTemplate, type ContractKind, type MainContractKind, type PurchasePaymentType,
} from './templates';
import { dateBR, formatCep, formatCnpj, formatCpf, formatPhone, money } from './format';
import { BRAND, Flow, MUTED, PDF_CREATOR, PDF_PRODUCER, embedFonts, headerBand, runningHeader, stampFooters } from './layout';

export type { ContractKind, MainContractKind, PurchasePaymentType } from './templates';

export interface ContractAddress {
  street: string;
  number: string;
  complement?: string | null;
  neighborhood: string;
  city: string;
  /** Two-letter state code (sigla). */
  state: string;
  cep: string;
}

export type ContractBilling = { kind: 'card'; brand: string; last4: string } | { kind: 'boleto'; day: number };

/** A subscription's plan: the adhesion term's subject, and the term of the power of attorney that serves it. */
export interface ContractPlan {
  name: string;
  term_years: number;
  /** BRL. */
  monthly_fee: number;
  free_months: number;
  billing: ContractBilling;
  /** BRL saved in the first 12 months, from the proposal; without it the clause refers to the proposal. */
  estimated_savings_12_months?: number | null;
  /** The system becomes the customer's at the end of the term (spec §9: the 20-year plan); default term_years >= 20. */
  system_becomes_yours?: boolean | null;
}

/** The system's equipment, from the final proposal (spec §3 Proposal); null where the proposal has none. */
export interface ContractEquipment {
  module_brand: string | null;
  /** W per module. */
  module_power: number | null;
  module_quantity: number | null;
  /** Years. */
  module_warranty: number | null;
  inverter_brand: string | null;
  /** kW per inverter. */
  inverter_power: number | null;
  inverter_quantity: number | null;
  /** Years. */
  inverter_warranty: number | null;
  /** Years. */
  structure_warranty: number | null;
}

/** A purchase (spec §1: cash purchase or bank financing after the final proposal): the purchase contract's subject. */
export interface ContractPurchase {
  payment_type: PurchasePaymentType;
  /** BRL, the final proposal's total. */
  total: number;
  power_kwp: number;
  /** kWh per year, from the proposal; without it the clause refers to the proposal. */
  annual_production_kwh: number | null;
  equipment: ContractEquipment;
  /** The final proposal the purchase follows, printed when given. */
  proposal_id: number | null;
  proposal_date: Date | null;
}

/**
 * What a contract prints. Which blocks a kind needs is checked when drawing (ContractDataError):
 * ADHESION_TERM the plan, PURCHASE_CONTRACT the purchase, POWER_OF_ATTORNEY the plan when it
 * serves an adhesion term (main_contract_kind, default ADHESION_TERM).
 */
export interface ContractData {
  company: {
    /** The brand name the customer knows (BRAND_NAME). */
    brand_name: string;
    /** The company's legal name, CNPJ and registered address (COMPANY_* settings), as printed. */
    legal_name: string;
    cnpj: string;
    address: string;
  };
  customer: {
    /** Person's full name, or the company's legal name for CNPJ. */
    name: string;
    document_type: 'CPF' | 'CNPJ';
    document_value: string;
    email: string;
    phone: string;
    /** The consumer unit's address (where the system is installed); null until known. */
    address: ContractAddress | null;
    /** dd/mm/aaaa, as the holder form collects it (spec §3). */
    date_of_birth?: string | null;
    occupation?: string | null;
    /** solteiro, casado, viuvo, divorciado, uniao estavel (spec §3), or free text. */
    marital_status?: string | null;
    /** Required for CNPJ customers: who signs for the company. */
    legal_representative?: { name: string; cpf: string } | null;
  };
  /** Required for ADHESION_TERM, and for a POWER_OF_ATTORNEY serving one (its plan name and term). */
  plan?: ContractPlan | null;
  /** Required for PURCHASE_CONTRACT. */
  purchase?: ContractPurchase | null;
  /** Power of attorney only: the contract it serves; default ADHESION_TERM. */
  main_contract_kind?: MainContractKind | null;
  /** Power of attorney only: the id of the contract it serves, printed when given. */
  main_contract_id?: string | null;
  /** Power of attorney only: the older name of main_contract_id (the id of the contract it serves, whichever kind); main_contract_id wins when both are given. */
  adhesion_contract_id?: string | null;
  contract_id: string;
  /** When the contract was issued: printed, and the PDF's creation and modification dates. */
  generated_at: Date;
}

export class ContractDataError extends Error {
  override name = 'ContractDataError';
}

/** Custom entry of the PDF's document information naming the contract (read back by the signature step). */
export const CONTRACT_ID_INFO_KEY = 'ContractId';

export function formatAddress(a: ContractAddress | null): string {
  if (!a) return LABELS.noAddress;
  const complement = a.complement?.trim() ? `, ${a.complement.trim()}` : '';
  return `${a.street.trim()}, ${a.number.trim()}${complement}, ${a.neighborhood.trim()}, ${a.city.trim()}/${a.state.trim().toUpperCase()}, CEP ${formatCep(a.cep)}`;
}

const formatDocument = (type: 'CPF' | 'CNPJ', value: string): string => (type === 'CPF' ? formatCpf(value) : formatCnpj(value));

/** The customer's qualification paragraph (who they are, in the contract's words). */
function customerQualification(data: ContractData, role: string): string {
  const c = data.customer;
  const common = { name: c.name.trim(), document: formatDocument(c.document_type, c.document_value), email: c.email.trim(), phone: formatPhone(c.phone), address: formatAddress(c.address), role };
  if (c.document_type === 'CNPJ') {
    const rep = c.legal_representative;
    if (!rep?.name.trim() || !rep.cpf.trim()) throw new ContractDataError('a company (CNPJ) contract needs its legal representative');
    return fillTemplate(QUALIFICATION.business, { ...common, rep_name: rep.name.trim(), rep_cpf: formatCpf(rep.cpf) });
  }
  const optional = (template: string, key: string, value: string | null | undefined): string =>
    value?.trim() ? fillTemplate(template, { [key]: value.trim() }) : '';
  const marital = c.marital_status?.trim() ? (MARITAL_STATUS_LABELS[c.marital_status.trim().toLowerCase()] ?? c.marital_status.trim()) : null;
  return fillTemplate(QUALIFICATION.person, {
    ...common,
    document: c.document_value.replace(/\D/g, '').length === 11 ? fillTemplate(QUALIFICATION.cpf, { document: formatCpf(c.document_value) }) : QUALIFICATION.noCpf,
    birth: optional(QUALIFICATION.birth, 'date_of_birth', c.date_of_birth),
    occupation: optional(QUALIFICATION.occupation, 'occupation', c.occupation),
    marital_status: optional(QUALIFICATION.marital_status, 'marital_status', marital),
  });
}

const companyQualification = (data: ContractData, role: string): string =>
  fillTemplate(QUALIFICATION.company, {
    company: data.company.legal_name.trim(), brand: data.company.brand_name.trim(), company_cnpj: data.company.cnpj.trim(), company_address: data.company.address.trim(), role,
  });

function billingText(billing: ContractBilling): string {
  return billing.kind === 'card'
    ? fillTemplate(BILLING_TEXT.card, { brand: billing.brand.trim(), last4: billing.last4.replace(/\D+/g, '').slice(-4) })
    : fillTemplate(BILLING_TEXT.boleto, { day: billing.day });
}

type Values = Record<string, string | number>;

/** The plan's values (adhesion term; a power of attorney serving one), already formatted. */
function planValues(p: ContractPlan): Values {
  const freeMonths = Math.max(0, Math.trunc(p.free_months));
  const freeSentence = freeMonths === 0 ? ADHESION_VARIANTS.freeMonths.none
    : freeMonths === 1 ? ADHESION_VARIANTS.freeMonths.one
      : fillTemplate(ADHESION_VARIANTS.freeMonths.many, { free_months: freeMonths });
  const savings = p.estimated_savings_12_months;
  return {
    plan_name: p.name.trim(),
    term_years: p.term_years,
    monthly_fee: money(p.monthly_fee),
    billing: billingText(p.billing),
    free_months: freeMonths,
    free_months_sentence: freeSentence,
    savings_estimate: savings != null && savings > 0
      ? fillTemplate(ADHESION_VARIANTS.savingsEstimateValue, { savings: money(savings) })
      : ADHESION_VARIANTS.savingsEstimateProposal,
    ownership_sentence: (p.system_becomes_yours ?? p.term_years >= 20)
      ? fillTemplate(ADHESION_VARIANTS.ownership.transfer, { term_years: p.term_years })
      : ADHESION_VARIANTS.ownership.keep,
  };
}

const wattFormat = numberFormat('pt-BR', { maximumFractionDigits: 0 });
const kilowattFormat = numberFormat('pt-BR', { maximumFractionDigits: 2 });

/** '08 módulos fotovoltaicos de 550 W (Canadian Solar)'; spec §9 zero-padding and 'Sem marca'. */
function equipmentLine(nouns: { one: string; many: string }, quantity: number | null, brand: string | null, power: string | null): string {
  const known = quantity != null && quantity > 0;
  return fillTemplate(EQUIPMENT_TEXT.line, {
    quantity: known ? fillTemplate(EQUIPMENT_TEXT.quantity, { quantity: formatQuantity(quantity) }) : '',
    noun: known && quantity === 1 ? nouns.one : nouns.many,
    power: power ? fillTemplate(EQUIPMENT_TEXT.power, { power }) : '',
    brand: formatBrand(brand),
    no_quantity: known ? '' : EQUIPMENT_TEXT.noQuantity,
  });
}

/** The proposal's number and date, 'nº 12, de 28/02/2025'; '' when neither is known. */
function proposalText(p: ContractPurchase): string {
  const parts: string[] = [];
  if (p.proposal_id != null) parts.push(fillTemplate(PURCHASE_VALUES.proposalNumber, { proposal_id: p.proposal_id }));
  if (p.proposal_date) parts.push(fillTemplate(PURCHASE_VALUES.proposalDate, { proposal_date: dateBR(p.proposal_date) }));
  return parts.join(', ');
}

/** The purchase's values (purchase contract), already formatted. */
function purchaseValues(p: ContractPurchase): Values {
  const e = p.equipment;
  const payment = PURCHASE_VARIANTS.payment[p.payment_type];
  const proposal = proposalText(p);
  const production = p.annual_production_kwh != null && p.annual_production_kwh > 0 ? formatAnnualProduction(p.annual_production_kwh) : null;
  return {
    power_kwp: formatPower(p.power_kwp),
    modules: equipmentLine(EQUIPMENT_TEXT.modules, e.module_quantity, e.module_brand,
      e.module_power != null && e.module_power > 0 ? `${wattFormat.format(e.module_power)} W` : null),
    inverters: equipmentLine(EQUIPMENT_TEXT.inverters, e.inverter_quantity, e.inverter_brand,
      e.inverter_power != null && e.inverter_power > 0 ? `${kilowattFormat.format(e.inverter_power)} kW` : null),
    total: money(p.total),
    payment_type: PURCHASE_VALUES.paymentType[p.payment_type],
    payment_terms: payment.terms,
    payment_effect: payment.effect,
    payment_denied: payment.denied,
    delivery_condition: payment.delivery,
    module_warranty: formatWarranty(e.module_warranty),
    inverter_warranty: formatWarranty(e.inverter_warranty),
    structure_warranty: formatWarranty(e.structure_warranty),
    annual_production: production ?? PURCHASE_VALUES.fromProposal,
    production_sentence: production
      ? fillTemplate(PURCHASE_VARIANTS.production.value, { annual_production: production })
      : PURCHASE_VARIANTS.production.proposal,
    proposal,
    proposal_ref: proposal ? fillTemplate(PURCHASE_VALUES.proposalRef, { proposal }) : '',
  };
}

/** The contract a power of attorney serves, and its id when known. */
function mainContractOf(data: ContractData): { kind: MainContractKind; id: string } {
  return { kind: data.main_contract_kind ?? 'ADHESION_TERM', id: (data.main_contract_id ?? data.adhesion_contract_id ?? '').trim() };
}

/** The power of attorney's values: the sentence naming the contract it serves. */
function powerOfAttorneyValues(data: ContractData, plan: Values): Values {
  const main = mainContractOf(data);
  const ref = main.id ? fillTemplate(POWER_OF_ATTORNEY_TEXT.mainContractRef, { main_contract_id: main.id }) : '';
  return { main_contract_sentence: fillTemplate(POWER_OF_ATTORNEY_TEXT.mainContract[main.kind], { ...plan, main_contract_ref: ref }) };
}

/**
 * Every value the kind's templates may ask for, already formatted (a placeholder with no value
 * throws in fillTemplate, so a template asking for a block the kind does not have fails loudly).
 */
function templateValues(kind: ContractKind, data: ContractData): Values {
  const common: Values = {
    company: data.company.brand_name.trim(),
    contract_id: data.contract_id,
    address: formatAddress(data.customer.address),
  };
  const plan = data.plan ? planValues(data.plan) : {};
  const purchase = kind === 'PURCHASE_CONTRACT' && data.purchase ? purchaseValues(data.purchase) : {};
  const poa = kind === 'POWER_OF_ATTORNEY' ? powerOfAttorneyValues(data, plan) : {};
  return { ...common, ...plan, ...purchase, ...poa };
}

const isDate = (d: unknown): d is Date => d instanceof Date && !Number.isNaN(d.getTime());

function validatePlan(p: ContractPlan): void {
  if (!Number.isFinite(p.monthly_fee) || p.monthly_fee < 0) throw new ContractDataError('monthly_fee must be a non-negative number');
  if (!(p.term_years > 0)) throw new ContractDataError('term_years must be positive');
  const b = p.billing;
  if (b.kind === 'boleto' && !(Number.isInteger(b.day) && b.day >= 1 && b.day <= 31)) throw new ContractDataError('boleto day must be 1 to 31');
}

function validatePurchase(p: ContractPurchase): void {
  if (p.payment_type !== 'CASH_PURCHASE' && p.payment_type !== 'FINANCING') throw new ContractDataError('payment_type must be CASH_PURCHASE or FINANCING');
  if (!(Number.isFinite(p.total) && p.total > 0)) throw new ContractDataError('the purchase total must be a positive number');
  if (!(Number.isFinite(p.power_kwp) && p.power_kwp > 0)) throw new ContractDataError('power_kwp must be a positive number');
  const optional: [string, number | null][] = [
    ['annual_production_kwh', p.annual_production_kwh],
    ...Object.entries(p.equipment).filter(([key]) => !key.endsWith('_brand')) as [string, number | null][],
  ];
  for (const [key, value] of optional) {
    if (value != null && !(Number.isFinite(value) && value >= 0)) throw new ContractDataError(`${key} must be a non-negative number or null`);
    if (value != null && key.endsWith('_quantity') && !Number.isInteger(value)) throw new ContractDataError(`${key} must be a whole number`);
  }
  if (p.proposal_date != null && !isDate(p.proposal_date)) throw new ContractDataError('proposal_date is not a date');
}

function validate(kind: ContractKind, data: ContractData): void {
  if (!(kind in CONTRACT_TITLES)) throw new ContractDataError(`unknown contract kind ${String(kind)}`);
  if (!data.contract_id.trim()) throw new ContractDataError('contract_id is empty');
  if (!data.customer.name.trim()) throw new ContractDataError('the customer has no name');
  if (!isDate(data.generated_at)) throw new ContractDataError('generated_at is not a date');
  if (data.plan) validatePlan(data.plan);
  if (kind === 'ADHESION_TERM' && !data.plan) throw new ContractDataError('an adhesion term needs the plan');
  if (kind === 'POWER_OF_ATTORNEY') {
    const main = mainContractOf(data).kind;
    if (main !== 'ADHESION_TERM' && main !== 'PURCHASE_CONTRACT') throw new ContractDataError('main_contract_kind must be ADHESION_TERM or PURCHASE_CONTRACT');
    if (main === 'ADHESION_TERM' && !data.plan) throw new ContractDataError('a power of attorney serving an adhesion term needs the plan');
  }
  if (kind === 'PURCHASE_CONTRACT') {
    if (!data.purchase) throw new ContractDataError('a purchase contract needs the purchase');
    validatePurchase(data.purchase);
  }
}

/** The PDF bytes of one contract. Throws ContractDataError on data it cannot print honestly. */
export async function contractPdf(kind: ContractKind, data: ContractData): Promise<Uint8Array> {
  validate(kind, data);
  const title = CONTRACT_TITLES[kind];
  const brand = data.company.brand_name.trim();
  const values = templateValues(kind, data);

  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`${title} - ${brand}`);
  doc.setAuthor(brand);
  doc.setSubject(`${title} - contrato ${data.contract_id}`);
  doc.setKeywords([`contrato:${data.contract_id}`]);
  doc.setLanguage('pt-BR');
  doc.setCreator(PDF_CREATOR);
  doc.setProducer(PDF_PRODUCER);
  doc.setCreationDate(data.generated_at);
  doc.setModificationDate(data.generated_at);
  const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
  info.set(PDFName.of(CONTRACT_ID_INFO_KEY), PDFString.of(data.contract_id));

  const fonts = await embedFonts(doc);
  const flow = new Flow(doc, fonts, runningHeader(`${brand} - ${title} - ${LABELS.contractId} ${data.contract_id}`));
  flow.newPage();
  headerBand(flow, brand, title, CONTRACT_SUBTITLES[kind], [
    `${LABELS.contractId} ${data.contract_id}`,
    `${LABELS.issuedAt} ${dateBR(data.generated_at)}`,
  ]);
  flow.paragraph(LABELS.draftMark, { size: 8, color: MUTED, gap: 2 });

  if (kind === 'ADHESION_TERM') adhesionTerm(flow, data, data.plan!, values);
  else if (kind === 'PURCHASE_CONTRACT') purchaseContract(flow, data, values);
  else powerOfAttorney(flow, data, values);

  stampFooters(flow.pages, fonts, (page, pages) => fillTemplate(LABELS.footer, { contract_id: data.contract_id, title, page, pages }));
  return doc.save();
}

/** 'Cláusula 1ª - Objeto' and its paragraphs numbered 1.1, 1.2...; a paragraph that fills to nothing is left out. */
function clauses(flow: Flow, list: readonly ClauseTemplate[], values: Values): void {
  flow.heading(LABELS.generalConditions);
  list.forEach((clause, i) => {
    flow.ensure(48);
    flow.paragraph(`Cláusula ${i + 1}ª - ${clause.title}`, { font: flow.fonts.bold, color: BRAND, size: 10.5, gap: 1 });
    let n = 0;
    for (const template of clause.paragraphs) {
      const text = fillTemplate(template, values).trim();
      if (text) flow.paragraph(`${i + 1}.${++n}. ${text}`, { gap: 3, size: 9.5 });
    }
    flow.y -= 4;
  });
}

function parties(flow: Flow, data: ContractData): void {
  flow.heading(LABELS.parties);
  flow.paragraph(companyQualification(data, LABELS.contractor));
  flow.paragraph(customerQualification(data, LABELS.customer));
}

function adhesionTerm(flow: Flow, data: ContractData, p: ContractPlan, values: Values): void {
  parties(flow, data);

  flow.heading(LABELS.plan);
  flow.field(LABELS.planName, p.name.trim());
  flow.field(LABELS.planTerm, fillTemplate(PLAN_VALUES.term, values));
  flow.field(LABELS.monthlyFee, money(p.monthly_fee));
  flow.field(LABELS.freeMonths, fillTemplate(PLAN_VALUES.freeMonths, values));
  flow.field(LABELS.billing, String(values.billing));
  flow.field(LABELS.adhesionFee, PLAN_VALUES.zero);
  flow.field(LABELS.installationFee, PLAN_VALUES.installationFree);
  flow.field(LABELS.savingsEstimate, p.estimated_savings_12_months ? money(p.estimated_savings_12_months) : PLAN_VALUES.savingsFromProposal);
  flow.field(LABELS.consumerUnit, String(values.address));
  flow.y -= 4;

  clauses(flow, ADHESION_CLAUSES, values);
  flow.paragraph(ADHESION_CLOSING, { gap: 4 });
}

function purchaseContract(flow: Flow, data: ContractData, values: Values): void {
  parties(flow, data);

  flow.heading(LABELS.purchase);
  const production = data.purchase?.annual_production_kwh;
  flow.field(LABELS.system, fillTemplate(PURCHASE_VALUES.power, values));
  flow.field(LABELS.modules, String(values.modules));
  flow.field(LABELS.inverter, String(values.inverters));
  flow.field(LABELS.annualProduction, production != null && production > 0 ? fillTemplate(PURCHASE_VALUES.annualProduction, values) : PURCHASE_VALUES.fromProposal);
  flow.field(LABELS.total, String(values.total));
  flow.field(LABELS.billing, String(values.payment_type));
  if (values.proposal) flow.field(LABELS.proposal, String(values.proposal));
  flow.field(LABELS.consumerUnit, String(values.address));
  flow.y -= 4;

  clauses(flow, PURCHASE_CLAUSES, values);
  flow.paragraph(PURCHASE_CLOSING, { gap: 4 });
}

function powerOfAttorney(flow: Flow, data: ContractData, values: Values): void {
  flow.heading(LABELS.parties);
  flow.paragraph(customerQualification(data, LABELS.grantor));
  flow.paragraph(companyQualification(data, LABELS.grantee));

  flow.heading(LABELS.powers);
  const t = POWER_OF_ATTORNEY_TEXT;
  flow.paragraph(fillTemplate(t.appointment, values));
  flow.paragraph(t.powersLead, { gap: 2 });
  for (const power of t.powers) flow.paragraph(power, { indent: 14, gap: 2 });
  flow.y -= 4;
  flow.paragraph(t.limits);
  flow.paragraph(t.substitution);
  flow.paragraph(fillTemplate(t.validity[mainContractOf(data).kind], values));
  flow.paragraph(t.closing);
}
