import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { BRAND_NAME } from '#shared/brand';
import { CARD_BRAND_NAMES, type CardBrand } from '#shared/checkout/rules';
import type { ConsumerData, ContractItem, ContractsResponse, CreateContractsRequest, LegalRepresentative } from '#shared/contract/payloads';
import { fromMonthDayYear, installationCanFollow, type ContractType, type SignerRole } from '#shared/contract/rules';
import { documentSlots } from '#shared/document/rules';
import { contractFile as contractFileEndpoint } from '#shared/contract/endpoints';
import { apiPath, fillPath } from '#shared/endpoint';
import { catalogPlan } from '#shared/plan/rules';
import type { Proposal } from '#shared/proposal/rules';
import { currentStep } from '#shared/steps';
import type { AppDeps } from '../config';
import { EXAMPLE_COMPANY, type CompanyIdentity } from '../settings';
import type { Db, Tx } from '../platform/db/index';
import { discardStored, keysStored } from '../platform/storing';
import { billOwners, bills, checkouts, clientPlans, contracts, customers, financings, legalRepresentatives, proposals, type ContractTrailEntry } from '../platform/db/schema';
import { DomainError } from '../errors';
import { localSignatures, type SignatureProvider, type Signer } from '../providers/signature/index';
import { CONTRACT_TITLES, contractPdf, sha256Hex, type ContractBilling, type ContractData, type ContractKind } from '../engines/contracts/index';
import { customerSteps, byCustomer, loadProcess, moveProcessIn } from '../process/host';
import { completeCheckoutIn } from '../checkout/service';
import { currentDocuments } from '../document/service';
import { currentVisit } from '../visit/service';
import { storeBytes } from './files';
import { enqueue } from '../platform/queue/queue';
import { UPLOAD_REMOVE_JOB } from '../bill/uploads';

export type ContractDeps = Pick<AppDeps, 'db' | 'clock' | 'reactions' | 'storage' | 'publicOrigin' | 'company'> & { signatures: SignatureProvider };
type Row = typeof contracts.$inferSelect;

/** The e-signature provider of the deployment (SIGNATURE_PROVIDER), or our own signing page. */
export const signaturesOf = (deps: Pick<AppDeps, 'signatures'>): SignatureProvider => deps.signatures ?? localSignatures();

/** The generated contracts, in signing order (spec §4: the adhesion term, then the power of attorney). */
const KINDS: readonly { kind: ContractKind; type: ContractType; name: string }[] = [
  { kind: 'ADHESION_TERM', type: 'ADHESION_TERM', name: CONTRACT_TITLES.ADHESION_TERM },
  { kind: 'POWER_OF_ATTORNEY', type: 'POWER_OF_ATTORNEY', name: CONTRACT_TITLES.POWER_OF_ATTORNEY },
];
/** A buyer's (spec §3 signature entry: 'Contrato de compra' or 'Procuração'). */
const PURCHASE_KINDS: readonly { kind: ContractKind; type: ContractType; name: string }[] = [
  { kind: 'PURCHASE_CONTRACT', type: 'PURCHASE_CONTRACT', name: 'Contrato de compra' },
  { kind: 'POWER_OF_ATTORNEY', type: 'POWER_OF_ATTORNEY', name: 'Procuração' },
];
const ORDER: Record<ContractType, number> = { CONTRACT_UNIFIED: 0, ADHESION_TERM: 1, PURCHASE_CONTRACT: 1, POWER_OF_ATTORNEY: 2 };
/** The contracting company as printed: the settings' identity (COMPANY_*), the example one in tests. */
const contractCompany = (company: CompanyIdentity = EXAMPLE_COMPANY): ContractData['company'] => ({
  brand_name: BRAND_NAME, legal_name: company.legalName, cnpj: company.cnpj, address: company.address,
});

export const contractFileUrl = (id: string): string => apiPath({ path: fillPath(contractFileEndpoint.path, { contractId: id }) });

/** One change to a customer's contracts at a time (generation, a signature, the terms of use), inside the caller's transaction. */
export async function lockContracts(tx: Tx, customerId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`contracts:${customerId}`}))`);
}

async function rowsOf(db: Db | Tx, customerId: number): Promise<Row[]> {
  const rows = await db.select().from(contracts).where(eq(contracts.customerId, customerId));
  return rows.sort((a, b) => ORDER[a.type] - ORDER[b.type]);
}

/** The contracts page's view: each contract with its frame, and the terms of use. */
export async function contractsView(deps: ContractDeps, customerId: number, origin: string): Promise<ContractsResponse> {
  const rows = await rowsOf(deps.db, customerId);
  const signatures = deps.signatures;
  const items: ContractItem[] = rows.map((r) => ({
    id: r.id, type: r.type, name: r.name, key: r.signatureKey, url: signatures.frameUrl(r.signatureKey, origin),
    is_client_signed: r.signedAt !== null, signed_at: r.signedAt?.toISOString() ?? null, file_url: contractFileUrl(r.id),
  }));
  const terms = rows.find((r) => r.type !== 'POWER_OF_ATTORNEY') ?? null;
  return {
    contracts: items,
    terms_of_use: { contract_id: terms?.id ?? null, accepted_at: terms?.termsAcceptedAt?.toISOString() ?? null },
    frame_origin: signatures.frameOrigin ?? origin,
  };
}

async function customerOf(db: Db | Tx, customerId: number) {
  const [c] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!c) throw new DomainError('UNAUTHORIZED');
  return c;
}

const refused = (field?: string) => new DomainError('PROCESS_REFUSED', field ? { field } : {});

/**
 * POST portal/customers/legitimates: who signs for a company. Only a company, and only until the
 * contracts are generated (they print the representative).
 */
export async function saveLegitimate(deps: Pick<AppDeps, 'db' | 'clock'>, customerId: number, data: LegalRepresentative) {
  const c = await customerOf(deps.db, customerId);
  if (c.type !== 'CNPJ') throw refused('document_type');
  if ((await rowsOf(deps.db, customerId)).length > 0) throw refused();
  const now = deps.clock.now();
  await deps.db.insert(legalRepresentatives).values({ customerId, data, updatedAt: now })
    .onConflictDoUpdate({ target: legalRepresentatives.customerId, set: { data, updatedAt: now } });
  return { legitimate: data };
}

/** Whether the customer's contracts are generated (the holder data is then fixed). */
export async function contractsGenerated(db: Db | Tx, customerId: number): Promise<boolean> {
  const [row] = await db.select({ id: contracts.id }).from(contracts).where(eq(contracts.customerId, customerId)).limit(1);
  return row !== undefined;
}

/** Everything the contracts print, checked: the booking done, the documents sent, the holder data given. */
async function contractInputs(db: Db, customerId: number, body: CreateContractsRequest) {
  const c = await customerOf(db, customerId);
  if (currentStep(await customerSteps(db, customerId)) !== 'CHECKOUT') throw refused();
  const [paid] = await db.select().from(checkouts).where(eq(checkouts.customerId, customerId));
  const [plan] = await db.select().from(clientPlans).where(eq(clientPlans.customerId, customerId));
  if (!paid || !plan) throw refused('checkout');
  // every required document sent and not denied (spec §4: the holder data comes after the documents)
  const sent = await currentDocuments(db, customerId);
  const required = documentSlots(c.type).filter((s) => s.required);
  if (required.some((slot) => !sent.some((d) => d.type === slot.type && d.status !== 'DENIED'))) throw refused('documents');
  const [owner] = await db.select().from(billOwners).where(eq(billOwners.customerId, customerId));
  if (!owner) throw new DomainError('VALIDATION', { field: 'consumer' });
  const consumer = { ...(owner.data as ConsumerData), ...body };
  const [rep] = c.type === 'CNPJ' ? await db.select().from(legalRepresentatives).where(eq(legalRepresentatives.customerId, customerId)) : [];
  if (c.type === 'CNPJ' && !rep) throw refused('legitimate');
  const [bill] = await db.select({ isHolder: bills.isHolder }).from(bills).where(eq(bills.customerId, customerId)).orderBy(desc(bills.id)).limit(1);
  return { customer: c, paid, plan, consumer, representative: (rep?.data as LegalRepresentative | undefined) ?? null, isHolder: bill?.isHolder ?? true, visit: await currentVisit(db, customerId) };
}

type Inputs = Awaited<ReturnType<typeof contractInputs>>;

/** The contract party (the bill's holder, or the company) and who signs (the customer, or the company's representative). */
function partiesOf(i: Inputs): { party: ContractData['customer']; signer: Signer; role: SignerRole } {
  const { customer: c, consumer, representative } = i;
  const v = i.visit;
  const address = v ? { street: v.address, number: v.number, complement: v.complement, neighborhood: v.neighborhood, city: v.city, state: v.state, cep: v.cep } : null;
  const personal = {
    date_of_birth: fromMonthDayYear(consumer.date_of_birth), occupation: consumer.occupation, marital_status: consumer.marital_status,
  };
  const birthday = (() => { const [m, d, y] = consumer.date_of_birth.split('-'); return `${y}-${m}-${d}`; })();
  if (c.type === 'CNPJ') {
    const rep = representative!;
    return {
      party: {
        name: c.name, document_type: 'CNPJ', document_value: c.documentValue ?? '', email: c.email, phone: c.phone, address,
        legal_representative: { name: rep.name, cpf: rep.document_value },
      },
      signer: { name: rep.name, email: rep.email, phone: `55${rep.phone}`, cpf: rep.document_value, birthday },
      role: 'representative',
    };
  }
  // someone else's bill: the contract is in the holder's name, with the data the customer gave
  const holder = !i.isHolder && consumer.name
    ? { name: consumer.name, document_value: consumer.document_value ?? '', email: consumer.email ?? c.email, phone: consumer.phone ? `55${consumer.phone}` : c.phone }
    : { name: c.name, document_value: consumer.document_value ?? c.documentValue ?? '', email: c.email, phone: c.phone };
  // the party who signs proves it (issue 29, F13): the holder's code goes to the holder's own phone
  return {
    party: { ...holder, document_type: 'CPF', address, ...personal },
    signer: { name: holder.name, email: holder.email, phone: holder.phone, cpf: holder.document_value, birthday },
    role: !i.isHolder && consumer.name ? 'holder' : 'customer',
  };
}

/** One contract to draw: the engine's kind, our type and name, and what it prints. */
interface Draft { id: string; kind: ContractKind; type: ContractType; name: string; data: ContractData }

/** The subscription's adhesion term and power of attorney, from the checkout, the plan and the holder data. */
async function subscriptionDrafts(db: Db, customerId: number, body: CreateContractsRequest, now: Date, company: ContractData['company']) {
  const inputs = await contractInputs(db, customerId, body);
  const { party, signer, role } = partiesOf(inputs);
  const { paid, plan } = inputs;
  const offer = plan.offer as { economy_per_month?: number };
  const billing: ContractBilling = paid.method === 'CARD'
    ? { kind: 'card', brand: CARD_BRAND_NAMES[paid.brand as CardBrand] ?? paid.brand ?? '', last4: paid.last4 ?? '' }
    : { kind: 'boleto', day: paid.expiresDay ?? 10 };
  const adhesionId = randomUUID();
  const drafts: Draft[] = KINDS.map((k) => {
    const id = k.kind === 'ADHESION_TERM' ? adhesionId : randomUUID();
    return {
      id, kind: k.kind, type: k.type, name: k.name,
      data: {
        company,
        customer: party,
        plan: {
          name: catalogPlan(plan.planType).name,
          term_years: plan.deadlineYears, monthly_fee: plan.price, free_months: plan.freeMonths, billing,
          estimated_savings_12_months: offer.economy_per_month ? Math.round(offer.economy_per_month * 12 * 100) / 100 : null,
        },
        adhesion_contract_id: k.kind === 'POWER_OF_ATTORNEY' ? adhesionId : null,
        contract_id: id,
        generated_at: now,
      },
    };
  });
  // the holder data is fixed with the contracts, and the booking is done (checkout/service.ts)
  return { drafts, signer, role, consumer: inputs.consumer };
}

/**
 * A buyer's purchase contract and power of attorney (spec §2 "Payment and contract screen"), from
 * the final proposal, the visit's address and the contract data. Only at the CONTRACT step, and a
 * financing buyer only once the bank approved ('Financiamento aprovado e contrato gerado').
 */
async function purchaseDrafts(db: Db, customerId: number, body: CreateContractsRequest, now: Date, company: ContractData['company']) {
  const c = await customerOf(db, customerId);
  if (!c.paymentType) throw refused('payment_type');
  if (currentStep(await customerSteps(db, customerId)) !== 'CONTRACT') throw refused();
  if (c.paymentType === 'FINANCING') {
    const [f] = await db.select({ status: financings.status }).from(financings).where(eq(financings.customerId, customerId));
    if (f?.status !== 'APPROVED') throw refused('financing');
  }
  const [final] = await db.select().from(proposals).where(and(eq(proposals.customerId, customerId), eq(proposals.type, 'FINAL'))).orderBy(desc(proposals.id)).limit(1);
  if (!final) throw refused('proposal');
  const p = final.data as Proposal;
  const [rep] = c.type === 'CNPJ' ? await db.select().from(legalRepresentatives).where(eq(legalRepresentatives.customerId, customerId)) : [];
  if (c.type === 'CNPJ' && !rep) throw refused('legitimate');
  const representative = (rep?.data as LegalRepresentative | undefined) ?? null;
  const v = await currentVisit(db, customerId);
  const address = v ? { street: v.address, number: v.number, complement: v.complement, neighborhood: v.neighborhood, city: v.city, state: v.state, cep: v.cep } : null;
  const [m, d, y] = body.date_of_birth.split('-');
  const party: ContractData['customer'] = c.type === 'CNPJ'
    ? {
      name: c.name, document_type: 'CNPJ', document_value: c.documentValue ?? '', email: c.email, phone: c.phone, address,
      legal_representative: { name: representative!.name, cpf: representative!.document_value },
    }
    : {
      name: c.name, document_type: 'CPF', document_value: c.documentValue ?? '', email: c.email, phone: c.phone, address,
      date_of_birth: fromMonthDayYear(body.date_of_birth), occupation: body.occupation, marital_status: body.marital_status,
    };
  const signer: Signer = c.type === 'CNPJ'
    ? { name: representative!.name, email: representative!.email, phone: `55${representative!.phone}`, cpf: representative!.document_value, birthday: `${y}-${m}-${d}` }
    : { name: c.name, email: c.email, phone: c.phone, cpf: c.documentValue ?? '', birthday: `${y}-${m}-${d}` };
  const equipment = {
    module_brand: p.module_brand ?? null, module_power: p.module_power ?? null, module_quantity: p.module_quantity ?? null, module_warranty: p.module_warranty ?? null,
    inverter_brand: p.inverter_brand ?? null, inverter_power: p.inverter_power ?? null, inverter_quantity: p.inverter_quantity ?? null,
    inverter_warranty: p.inverter_warranty ?? null, structure_warranty: p.structure_warranty ?? null,
  };
  const purchaseId = randomUUID();
  const drafts: Draft[] = PURCHASE_KINDS.map((k) => {
    const id = k.kind === 'PURCHASE_CONTRACT' ? purchaseId : randomUUID();
    return {
      id, kind: k.kind, type: k.type, name: k.name,
      data: {
        company,
        customer: party,
        purchase: {
          payment_type: c.paymentType!, total: p.final_value, power_kwp: p.power_of_the_project, annual_production_kwh: p.annual_production ?? null,
          equipment, proposal_id: final.id, proposal_date: final.createdAt,
        },
        main_contract_kind: 'PURCHASE_CONTRACT',
        adhesion_contract_id: k.kind === 'POWER_OF_ATTORNEY' ? purchaseId : null,
        contract_id: id,
        generated_at: now,
      },
    };
  });
  const role: SignerRole = c.type === 'CNPJ' ? 'representative' : 'customer';
  return { drafts, signer, role, consumer: null };
}

/**
 * POST portal/customers/create_contracts: the customer's contracts, drawn by the contracts engine,
 * registered with the signature provider and stored. A subscription customer gets the adhesion term
 * and the power of attorney, and the process moves CHECKOUT -> CONTRACT in the same transaction as
 * the rows; a buyer the purchase contract and the power of attorney. Asking again (a retried
 * request, a second tab) returns the contracts already made.
 */
export async function createContracts(deps: ContractDeps, customerId: number, body: CreateContractsRequest, origin: string): Promise<ContractsResponse> {
  const { db, clock, signatures } = deps;
  if (await contractsGenerated(db, customerId)) return contractsView(deps, customerId, origin);
  const now = clock.now();
  const buyer = (await customerOf(db, customerId)).subscriptionLending === 'LENDING';
  const { drafts, signer, role, consumer } = buyer
    ? await purchaseDrafts(db, customerId, body, now, contractCompany(deps.company))
    : await subscriptionDrafts(db, customerId, body, now, contractCompany(deps.company));
  const made: { draft: Draft; bytes: Uint8Array; key: string; documentRef: string | null }[] = [];
  for (const draft of drafts) {
    const bytes = await contractPdf(draft.kind, draft.data);
    // a remote call (Clicksign): made before the transaction, as the card pre-authorisation is
    const requested = await signatures.request({ contractId: draft.id, title: draft.name, pdf: bytes, signer });
    made.push({ draft, bytes, key: requested.key, documentRef: requested.documentRef });
  }
  const stored: string[] = [];
  try {
    for (const m of made) stored.push(await storeBytes(deps, m.bytes));
    await db.transaction(async (tx) => {
      await lockContracts(tx, customerId);
      if (await contractsGenerated(tx, customerId)) throw new AlreadyGenerated();
      await keysStored(tx, stored);
      const trail: ContractTrailEntry[] = [{ at: now.toISOString(), event: 'created' }];
      await tx.insert(contracts).values(made.map((m, i) => ({
        id: m.draft.id, customerId, type: m.draft.type, name: m.draft.name, signatureKey: m.key, provider: signatures.name, documentRef: m.documentRef,
        // the code that signs goes to the signer's own phone: the customer's, the holder's or the representative's
        signer: { name: signer.name, cpf: signer.cpf, phone: signer.phone, role },
        fileKey: stored[i]!, sha256: sha256Hex(m.bytes), trail, createdAt: now,
      })));
      // a subscriber's booking is complete with its contracts: the checkout says so
      if (consumer) await completeCheckoutIn(tx, deps, customerId, consumer);
    });
  } catch (e) {
    await discardStored(deps, stored);
    if (!(e instanceof AlreadyGenerated)) throw e;
  }
  return contractsView(deps, customerId, origin);
}

/**
 * A buyer who goes back and chooses the other payment type before signing: the unsigned purchase
 * contracts print the old one, so they go (the contract-data form opens again). Signed, nothing
 * changes: the process refuses the new choice.
 */
export async function dropUnsignedPurchase(tx: Tx, deps: Pick<AppDeps, 'clock'>, customerId: number): Promise<void> {
  await lockContracts(tx, customerId);
  const rows = await rowsOf(tx, customerId);
  if (rows.length === 0 || rows.some((r) => r.signedAt !== null) || !rows.some((r) => r.type === 'PURCHASE_CONTRACT')) return;
  await tx.delete(contracts).where(eq(contracts.customerId, customerId));
  // the files go once this transaction has committed (by the queue): a rollback keeps rows and files
  for (const r of rows) await enqueue(tx, deps.clock, UPLOAD_REMOVE_JOB, { key: r.fileKey });
}

class AlreadyGenerated extends Error {}

/** A contract of the customer (or of anyone, for staff: customerId null). */
export async function contractOf(db: Db | Tx, customerId: number | null, contractId: string): Promise<Row> {
  if (!/^[0-9a-f-]{36}$/i.test(contractId)) throw new DomainError('NOT_FOUND');
  const [row] = await db.select().from(contracts)
    .where(customerId === null ? eq(contracts.id, contractId) : and(eq(contracts.id, contractId), eq(contracts.customerId, customerId)));
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

/** The PDF of a contract: the signed one once signed. */
export async function contractFile(deps: Pick<AppDeps, 'db' | 'storage'>, customerId: number | null, contractId: string) {
  const row = await contractOf(deps.db, customerId, contractId);
  const bytes = await deps.storage.read(row.signedFileKey ?? row.fileKey);
  return { bytes, name: `${row.name}${row.signedAt ? ' (assinado)' : ''}.pdf` };
}

/**
 * The process moves CONTRACT -> INSTALATION once every contract is signed and the terms of use are
 * accepted (or the unified contract is signed): spec §4 "'Acompanhe sua instalação'".
 */
export async function completeWhenAllSigned(tx: Tx, deps: Pick<AppDeps, 'clock' | 'reactions'>, customerId: number): Promise<void> {
  const rows = await rowsOf(tx, customerId);
  // a buyer: the signed purchase contract fixes the payment type; the payment comes next, not the installation
  if (rows.some((r) => r.type === 'PURCHASE_CONTRACT')) {
    if (!rows.some((r) => r.type === 'PURCHASE_CONTRACT' && r.signedAt !== null)) return;
    const p = await loadProcess(tx, customerId);
    if (p?.snapshot.can({ type: 'purchase.contractSigned' })) await moveProcessIn(tx, deps, customerId, { type: 'purchase.contractSigned' }, { by: byCustomer });
    return;
  }
  const signing = rows.map((r) => ({ type: r.type, is_client_signed: r.signedAt !== null }));
  const terms = rows.find((r) => r.type !== 'POWER_OF_ATTORNEY')?.termsAcceptedAt ?? null;
  if (!installationCanFollow(signing, terms !== null)) return;
  const p = await loadProcess(tx, customerId);
  if (p?.snapshot.can({ type: 'contract.signed' })) await moveProcessIn(tx, deps, customerId, { type: 'contract.signed' }, { by: byCustomer });
}

/** PUT /portal/customers/contracts/{id}/terms-of-use: recorded once for the adhesion term (or the unified contract). */
export async function acceptTermsOfUse(deps: ContractDeps, customerId: number, contractId: string, origin: string): Promise<ContractsResponse> {
  await deps.db.transaction(async (tx) => {
    await lockContracts(tx, customerId);
    const row = await contractOf(tx, customerId, contractId);
    if (row.type === 'POWER_OF_ATTORNEY') throw new DomainError('NOT_FOUND');
    if (!row.termsAcceptedAt) await tx.update(contracts).set({ termsAcceptedAt: deps.clock.now() }).where(eq(contracts.id, row.id));
    await completeWhenAllSigned(tx, deps, customerId);
  });
  return contractsView(deps, customerId, origin);
}

/** GET portal/check_signers/{key}: the server's record, only for the key's owner. */
export async function checkSigner(db: Db, customerId: number, key: string): Promise<{ is_sign: boolean }> {
  const [row] = await db.select({ signedAt: contracts.signedAt }).from(contracts)
    .where(and(eq(contracts.signatureKey, key), eq(contracts.customerId, customerId)));
  if (!row) throw new DomainError('NOT_FOUND');
  return { is_sign: row.signedAt !== null };
}

/** A customer's contracts with their evidence (staff). */
export async function staffContracts(db: Db, customerId: number) {
  await customerOf(db, customerId).catch(() => { throw new DomainError('NOT_FOUND'); });
  return (await rowsOf(db, customerId)).map((r) => ({
    id: r.id, type: r.type, name: r.name, created_at: r.createdAt.toISOString(), original_sha256: r.sha256,
    signed_at: r.signedAt?.toISOString() ?? null, signed_sha256: r.signedSha256, terms_of_use_accepted_at: r.termsAcceptedAt?.toISOString() ?? null,
    evidence: r.evidence ? { ip: r.evidence.ip, user_agent: r.evidence.user_agent, phone_last4: r.evidence.phone.slice(-4), consent: r.evidence.consent } : null,
  }));
}
