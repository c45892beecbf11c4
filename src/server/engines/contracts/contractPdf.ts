/**
 * The two contracts the customer signs in the portal (spec §3 contract item: 'Termo de Adesão' and
 * 'Procuração'), drawn with pdf-lib from the texts of templates.ts (DRAFTS pending legal review).
 * Pure and deterministic: no clock (the issue time is `generated_at`), constant producer and
 * creator, so the same data always gives the same bytes, and so the same SHA-256.
 */
import { PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import {
  ADHESION_CLAUSES, ADHESION_CLOSING, ADHESION_VARIANTS, BILLING_TEXT, CONTRACT_SUBTITLES, CONTRACT_TITLES, LABELS,
  MARITAL_STATUS_LABELS, PLAN_VALUES, POWER_OF_ATTORNEY_TEXT, QUALIFICATION, fillTemplate, type ContractKind,
} from './templates';
import { dateBR, formatCep, formatCnpj, formatCpf, formatPhone, money } from './format';
import { BRAND, Flow, MUTED, PDF_CREATOR, PDF_PRODUCER, embedFonts, headerBand, runningHeader, stampFooters } from './layout';

export type { ContractKind } from './templates';

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

export interface ContractData {
  company: {
    /** The brand name the customer knows (BRAND_NAME). */
    brand_name: string;
    /** The company's CNPJ, as printed (a placeholder until the legal entity is settled). */
    cnpj: string;
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
  plan: {
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
  };
  /** Power of attorney only: the id of the adhesion term it serves, printed when given. */
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
  fillTemplate(QUALIFICATION.company, { company: data.company.brand_name.trim(), company_cnpj: data.company.cnpj.trim(), role });

function billingText(billing: ContractBilling): string {
  return billing.kind === 'card'
    ? fillTemplate(BILLING_TEXT.card, { brand: billing.brand.trim(), last4: billing.last4.replace(/\D+/g, '').slice(-4) })
    : fillTemplate(BILLING_TEXT.boleto, { day: billing.day });
}

/** Every value the templates may ask for, already formatted. */
function templateValues(data: ContractData): Record<string, string | number> {
  const p = data.plan;
  const freeMonths = Math.max(0, Math.trunc(p.free_months));
  const freeSentence = freeMonths === 0 ? ADHESION_VARIANTS.freeMonths.none
    : freeMonths === 1 ? ADHESION_VARIANTS.freeMonths.one
      : fillTemplate(ADHESION_VARIANTS.freeMonths.many, { free_months: freeMonths });
  const savings = p.estimated_savings_12_months;
  return {
    company: data.company.brand_name.trim(),
    contract_id: data.contract_id,
    plan_name: p.name.trim(),
    term_years: p.term_years,
    monthly_fee: money(p.monthly_fee),
    billing: billingText(p.billing),
    free_months: freeMonths,
    free_months_sentence: freeSentence,
    address: formatAddress(data.customer.address),
    savings_estimate: savings != null && savings > 0
      ? fillTemplate(ADHESION_VARIANTS.savingsEstimateValue, { savings: money(savings) })
      : ADHESION_VARIANTS.savingsEstimateProposal,
    adhesion_ref: data.adhesion_contract_id?.trim()
      ? fillTemplate(POWER_OF_ATTORNEY_TEXT.adhesionRef, { adhesion_contract_id: data.adhesion_contract_id.trim() })
      : '',
    ownership_sentence: (p.system_becomes_yours ?? p.term_years >= 20)
      ? fillTemplate(ADHESION_VARIANTS.ownership.transfer, { term_years: p.term_years })
      : ADHESION_VARIANTS.ownership.keep,
  };
}

function validate(data: ContractData): void {
  if (!data.contract_id.trim()) throw new ContractDataError('contract_id is empty');
  if (!data.customer.name.trim()) throw new ContractDataError('the customer has no name');
  if (Number.isNaN(data.generated_at.getTime())) throw new ContractDataError('generated_at is not a date');
  if (!Number.isFinite(data.plan.monthly_fee) || data.plan.monthly_fee < 0) throw new ContractDataError('monthly_fee must be a non-negative number');
  if (!(data.plan.term_years > 0)) throw new ContractDataError('term_years must be positive');
  const b = data.plan.billing;
  if (b.kind === 'boleto' && !(Number.isInteger(b.day) && b.day >= 1 && b.day <= 31)) throw new ContractDataError('boleto day must be 1 to 31');
}

/** The PDF bytes of one contract. Throws ContractDataError on data it cannot print honestly. */
export async function contractPdf(kind: ContractKind, data: ContractData): Promise<Uint8Array> {
  validate(data);
  const title = CONTRACT_TITLES[kind];
  const brand = data.company.brand_name.trim();
  const values = templateValues(data);

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

  if (kind === 'ADHESION_TERM') adhesionTerm(flow, data, values);
  else powerOfAttorney(flow, data, values);

  stampFooters(flow.pages, fonts, (page, pages) => fillTemplate(LABELS.footer, { contract_id: data.contract_id, title, page, pages }));
  return doc.save();
}

function adhesionTerm(flow: Flow, data: ContractData, values: Record<string, string | number>): void {
  flow.heading(LABELS.parties);
  flow.paragraph(companyQualification(data, LABELS.contractor));
  flow.paragraph(customerQualification(data, LABELS.customer));

  flow.heading(LABELS.plan);
  const p = data.plan;
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

  flow.heading(LABELS.generalConditions);
  ADHESION_CLAUSES.forEach((clause, i) => {
    flow.ensure(48);
    flow.paragraph(`Cláusula ${i + 1}ª - ${clause.title}`, { font: flow.fonts.bold, color: BRAND, size: 10.5, gap: 1 });
    clause.paragraphs.forEach((template, j) => {
      const text = fillTemplate(template, values).trim();
      if (text) flow.paragraph(`${i + 1}.${j + 1}. ${text}`, { gap: 3, size: 9.5 });
    });
    flow.y -= 4;
  });
  flow.paragraph(ADHESION_CLOSING, { gap: 4 });
}

function powerOfAttorney(flow: Flow, data: ContractData, values: Record<string, string | number>): void {
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
  flow.paragraph(fillTemplate(t.validity, values));
  flow.paragraph(t.closing);
}
