import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { BRAND_NAME } from '#shared/brand';
import { brazilDayAfter } from '#shared/calendar';
import type { DocumentRecord } from '#shared/document/payloads';
import type { Invoice, InvoiceStatusResponse, StaffFinancingDecision } from '#shared/payment/payloads';
import {
  PURCHASE_DOCUMENT_FIELDS, invoiceMayBeIssued, purchaseDocumentFields, purchaseSignaturesOf, supplyBlock, type FinancingStatus, type InvoiceStatus,
  type PurchaseSignatures, type SupplyFacts,
} from '#shared/payment/rules';
import type { Proposal } from '#shared/proposal/rules';
import { currentStep, type MenuStep } from '#shared/steps';
import type { AppDeps, Clock } from '../config';
import type { Db, Tx } from '../platform/db/index';
import { discardStored } from '../platform/storing';
import { contracts, customers, financings, invoices, proposals } from '../platform/db/schema';
import { DomainError } from '../errors';
import type { StagedUpload } from '../http/multipart';
import { PaymentProviderError } from '../providers/payments/index';
import type { Invoices } from '../providers/payments/invoices';
import { localInvoices } from '../providers/payments/localInvoices';
import { byCustomer, customerSteps, loadProcess, moveProcessIn } from '../process/host';
import { currentDocuments, keepDocuments } from '../document/service';
import { notify, noticeText } from '../notification/service';
import { emailOfNotice } from '../notification/emails';
import { audit } from '../staff/audit';
import { countProviderError } from '../platform/metrics';
import { currentVisit } from '../visit/service';

/**
 * The purchase on the payment screen (spec §2 "Payment and contract screen", §4): the cash
 * invoice, the financing status, the purchase documents and the move to SUPPLY. The server decides
 * from its own records; the browser's view is only a copy.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'reactions' | 'storage'> & { invoices: Invoices };
type InvoiceRow = typeof invoices.$inferSelect;

/** The deployment's invoice provider (PAYMENT_PROVIDER), or the offline sandbox. */
export const invoicesOf = (deps: Pick<AppDeps, 'clock' | 'invoices'>): Invoices => deps.invoices ?? localInvoices({ clock: deps.clock });

/** Days until the cash invoice is due: a boleto needs time to be paid and cleared. */
export const INVOICE_DUE_DAYS = 3;

const refused = (field?: string) => new DomainError('PROCESS_REFUSED', field ? { field } : {});

async function buyerOf(db: Db | Tx, customerId: number) {
  const [c] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!c) throw new DomainError('UNAUTHORIZED');
  return c;
}

/** The two purchase signatures, from the contracts' rows. */
export async function purchaseSignatures(db: Db | Tx, customerId: number): Promise<PurchaseSignatures> {
  const rows = await db.select({ type: contracts.type, signedAt: contracts.signedAt }).from(contracts)
    .where(and(eq(contracts.customerId, customerId), inArray(contracts.type, ['PURCHASE_CONTRACT', 'POWER_OF_ATTORNEY'])));
  return purchaseSignaturesOf(rows.map((r) => ({ type: r.type, is_client_signed: r.signedAt !== null })));
}

async function latestInvoice(db: Db | Tx, customerId: number): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.customerId, customerId)).orderBy(desc(invoices.createdAt)).limit(1);
  return row ?? null;
}

const invoiceJson = (r: InvoiceRow): Invoice => ({
  invoice_status: r.status, invoice_url: r.secureUrl, total: r.amountCents / 100, due_date: r.dueDate,
  digitable_line: r.digitableLine, pix_code: r.pixCode, paid_at: r.paidAt?.toISOString() ?? null,
});

/** The FINAL proposal the customer approved: what is bought and for how much. */
export async function finalProposalOf(db: Db | Tx, customerId: number): Promise<{ id: number; data: Proposal; createdAt: Date } | null> {
  const [row] = await db.select().from(proposals).where(and(eq(proposals.customerId, customerId), eq(proposals.type, 'FINAL')))
    .orderBy(desc(proposals.id)).limit(1);
  return row ? { id: row.id, data: row.data as Proposal, createdAt: row.createdAt } : null;
}

/**
 * PATCH portal/customers/create/{profileId}/invoice: the cash purchase's invoice for the final
 * proposal's value, once both purchase signatures exist. While one is open (or paid) it is
 * returned again, so a double click or a retried request never issues two.
 */
export async function createInvoice(deps: Deps, customerId: number, profileId: number): Promise<Invoice> {
  if (profileId !== customerId) throw new DomainError('NOT_FOUND');
  const { db, clock } = deps;
  const c = await buyerOf(db, customerId);
  if (c.subscriptionLending !== 'LENDING' || c.paymentType !== 'CASH_PURCHASE') throw refused('payment_type');
  const existing = await latestInvoice(db, customerId);
  if (existing && (existing.status === 'PENDING' || existing.status === 'PAID')) return invoiceJson(existing);
  if (!invoiceMayBeIssued(await purchaseSignatures(db, customerId))) throw refused('contract');
  const proposal = await finalProposalOf(db, customerId);
  if (!proposal) throw refused('proposal');
  const visit = await currentVisit(db, customerId);
  const id = randomUUID();
  const now = clock.now();
  const amountCents = Math.round(proposal.data.final_value * 100);
  const description = `Sistema de energia solar ${String(proposal.data.power_of_the_project).replace('.', ',')} kWp - ${BRAND_NAME}`;
  const dueDate = brazilDayAfter(now, INVOICE_DUE_DAYS);
  let issued;
  try {
    // a remote call: made outside the transaction; the unique index keeps one open invoice if two race
    issued = await deps.invoices.issue({
      reference: id, amountCents, dueDate, description,
      payer: {
        name: c.name, cpfCnpj: c.documentValue ?? null, email: c.email, phone: c.phone,
        address: visit ? { street: visit.address, number: visit.number, complement: visit.complement ?? null, neighborhood: visit.neighborhood, city: visit.city, state: visit.state, cep: visit.cep } : null,
      },
    });
  } catch (e) {
    if (e instanceof PaymentProviderError) {
      countProviderError(deps.invoices.name);
      throw new DomainError('PAYMENT_UNAVAILABLE');
    }
    throw e;
  }
  const inserted = await db.insert(invoices).values({
    id, customerId, provider: deps.invoices.name, providerRef: issued.providerRef, secureUrl: issued.secureUrl, status: issued.status,
    amountCents, dueDate, payerName: c.name, description, digitableLine: issued.digitableLine, barcode: issued.barcode, pixCode: issued.pixCode,
    createdAt: now, updatedAt: now,
  }).onConflictDoNothing().returning();
  if (inserted[0]) return invoiceJson(inserted[0]);
  // another request issued one first: that one stands (the provider's spare is cancelled)
  await deps.invoices.cancel(issued.providerRef).catch(() => undefined);
  const winner = await latestInvoice(db, customerId);
  if (!winner) throw new Error('invoice missing after a conflict');
  return invoiceJson(winner);
}

/**
 * GET /portal/customer/invoice_status. With a real provider, an open invoice is asked about (the
 * webhook may be late or lost), so the page never waits for staff to see a payment.
 */
export async function invoiceStatus(deps: Deps, customerId: number): Promise<InvoiceStatusResponse> {
  let row = await latestInvoice(deps.db, customerId);
  if (row && row.status === 'PENDING' && row.provider !== 'local' && row.provider === deps.invoices.name) {
    const state = await deps.invoices.state(row.providerRef).catch(() => null);
    if (state && state.status !== 'PENDING') {
      await settleInvoice(deps.db, deps.clock, row, state.status, 'provider', state.paidAt);
      row = await latestInvoice(deps.db, customerId);
    }
  }
  return { invoice_status: row?.status ?? null, invoice: row ? invoiceJson(row) : null };
}

/** An open invoice becomes paid or cancelled, once; the customer is told of a payment. */
export async function settleInvoice(
  db: Db, clock: Clock, row: InvoiceRow, status: InvoiceStatus, via: 'provider' | 'staff' | 'sandbox', paidAt: Date | null = null,
): Promise<boolean> {
  if (status === 'PENDING') return false;
  return db.transaction(async (tx) => {
    const now = clock.now();
    const done = await tx.update(invoices).set({
      status, updatedAt: now, ...(status === 'PAID' ? { paidAt: paidAt ?? now, paidVia: via } : {}),
    }).where(and(eq(invoices.id, row.id), eq(invoices.status, 'PENDING'))).returning({ id: invoices.id });
    if (done.length === 0) return false;
    if (status === 'PAID') await notify(tx, clock, row.customerId, noticeText('notification.payment.invoicePaid'), emailOfNotice('notification.payment.invoicePaid'));
    return true;
  });
}

/** The sandbox's invoice by the id in its URL (only while the local provider is the deployment's). */
export async function sandboxInvoiceRow(deps: Deps, secureId: string): Promise<InvoiceRow> {
  if (deps.invoices.name !== 'local' || !/^[A-Za-z0-9_-]{16,80}$/.test(secureId)) throw new DomainError('NOT_FOUND');
  const [row] = await deps.db.select().from(invoices).where(and(eq(invoices.provider, 'local'), eq(invoices.providerRef, secureId)));
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

/** The development sandbox pays its invoice, as a bank would. */
export async function sandboxPay(deps: Deps, secureId: string): Promise<void> {
  const row = await sandboxInvoiceRow(deps, secureId);
  if (!(await settleInvoice(deps.db, deps.clock, row, 'PAID', 'sandbox'))) throw refused('invoice');
}

/** The provider's webhook says an invoice changed: the provider is asked again before anything is believed. */
export async function invoiceChanged(deps: Deps, providerRef: string): Promise<boolean> {
  const [row] = await deps.db.select().from(invoices).where(and(eq(invoices.provider, deps.invoices.name), eq(invoices.providerRef, providerRef)));
  if (!row || row.status !== 'PENDING') return false;
  const state = await deps.invoices.state(providerRef);
  return settleInvoice(deps.db, deps.clock, row, state.status, 'provider', state.paidAt);
}

// ---- financing ---------------------------------------------------------------------------------

async function financingOf(db: Db | Tx, customerId: number) {
  const [row] = await db.select().from(financings).where(eq(financings.customerId, customerId));
  return { status: (row?.status ?? 'NOT_REQUESTED') as FinancingStatus, updated_at: row?.updatedAt.toISOString() ?? null };
}

/** GET /portal/client_lending: a financing customer's status; NOT_REQUESTED until staff take it up. */
export async function clientLending(db: Db, customerId: number) {
  const c = await buyerOf(db, customerId);
  if (c.paymentType !== 'FINANCING' || c.subscriptionLending !== 'LENDING') throw refused('payment_type');
  return financingOf(db, customerId);
}

/** PUT /admin/customers/{id}/financing: only staff set it (spec §4); audited; the customer is told. */
export async function decideFinancing(deps: Pick<AppDeps, 'db' | 'clock'>, staffId: number, customerId: number, body: StaffFinancingDecision) {
  const { db, clock } = deps;
  const [c] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!c) throw new DomainError('NOT_FOUND');
  if (c.paymentType !== 'FINANCING' || c.subscriptionLending !== 'LENDING') throw refused('payment_type');
  if (currentStep(await customerSteps(db, customerId)) !== 'CONTRACT') throw refused('step');
  // the buyer signed on the bank's approval: a change now would leave them with no way back (a
  // cancelled purchase is a back-office case, not a status)
  if ((await purchaseSignatures(db, customerId)).contractSigned) throw refused('contract');
  await db.transaction(async (tx) => {
    const before = await financingOf(tx, customerId);
    const now = clock.now();
    await tx.insert(financings).values({ customerId, status: body.status, note: body.note ?? null, decidedBy: staffId, updatedAt: now })
      .onConflictDoUpdate({ target: financings.customerId, set: { status: body.status, note: body.note ?? null, decidedBy: staffId, updatedAt: now } });
    await audit(tx, clock, { staffId, action: 'financing:decide', customerId, before: { status: before.status }, after: { status: body.status } });
    if (before.status !== body.status) await notify(tx, clock, customerId, noticeText(`notification.financing.${body.status}`), emailOfNotice(`notification.financing.${body.status}`));
  });
  return staffPayment(db, customerId);
}

/** PUT /admin/customers/{id}/invoice: staff reconcile the cash invoice (paid at the bank, or cancelled). */
export async function reconcileInvoice(deps: Pick<Deps, 'db' | 'clock' | 'invoices'>, staffId: number, customerId: number, status: 'PAID' | 'CANCELED') {
  const row = await latestInvoice(deps.db, customerId);
  if (!row) throw new DomainError('NOT_FOUND');
  if (!(await settleInvoice(deps.db, deps.clock, row, status, 'staff'))) throw refused('invoice');
  if (status === 'CANCELED' && row.provider !== 'local') await deps.invoices.cancel(row.providerRef).catch(() => undefined);
  await audit(deps.db, deps.clock, { staffId, action: 'invoice:reconcile', customerId, before: { invoice_status: row.status }, after: { invoice_status: status } });
  return staffPayment(deps.db, customerId);
}

/** GET /admin/customers/{id}/payment. */
export async function staffPayment(db: Db, customerId: number) {
  const [c] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!c) throw new DomainError('NOT_FOUND');
  const row = await latestInvoice(db, customerId);
  return { payment_type: c.paymentType, financing: await financingOf(db, customerId), invoice: row ? invoiceJson(row) : null };
}

// ---- documents and SUPPLY ------------------------------------------------------------------------

const sentOk = (docs: readonly DocumentRecord[], type: string) => docs.some((d) => d.type === type && d.status !== 'DENIED');

/** A buyer's records the purchase's rules read: each read once per request. */
async function purchaseRecords(db: Db | Tx, customerId: number) {
  const customer = await buyerOf(db, customerId);
  const paymentType = customer.subscriptionLending === 'LENDING' ? customer.paymentType : null;
  return {
    paymentType,
    docs: await currentDocuments(db, customerId),
    invoice: await latestInvoice(db, customerId),
    signatures: await purchaseSignatures(db, customerId),
    financing: paymentType === 'FINANCING' ? (await financingOf(db, customerId)).status : null,
  };
}
type PurchaseRecords = Awaited<ReturnType<typeof purchaseRecords>>;

const factsOf = (r: PurchaseRecords): SupplyFacts => ({
  paymentType: r.paymentType,
  purchaseContractSigned: r.signatures.contractSigned,
  invoicePaid: r.invoice?.status === 'PAID',
  documentSent: sentOk(r.docs, 'DOCUMENT'),
  proofOfAddressSent: sentOk(r.docs, 'PROOF_OF_ADDRESS'),
  proofOfIncomeSent: sentOk(r.docs, 'PROOF_OF_INCOME'),
  financingStatus: r.financing,
});

/** Everything the SUPPLY rule reads, from the server's records. */
export const supplyFacts = async (db: Db | Tx, customerId: number): Promise<SupplyFacts> => factsOf(await purchaseRecords(db, customerId));

/**
 * POST /portal/customers/documents/proposal: cash, the personal photo document for the utility's
 * homologation, once the invoice is paid; financing, the three documents at once, once both
 * purchase signatures exist and the bank approved (spec §4, §5). Every document still to send comes
 * at once; one already sent (and not denied) is not sent again ('Arquivo já encaminhado!'), and a
 * denied one is sent again on its own.
 */
export async function sendPurchaseDocuments(deps: Deps, customerId: number, files: Partial<Record<string, StagedUpload>>): Promise<DocumentRecord[]> {
  const { db } = deps;
  const moved: string[] = [];
  try {
    const records = await purchaseRecords(db, customerId);
    const { paymentType, signatures } = records;
    if (!paymentType) throw refused('payment_type');
    if (currentStep(await customerSteps(db, customerId)) !== 'CONTRACT') throw refused('step');
    if (!signatures.contractSigned || !signatures.procurationSigned) throw refused('contract');
    if (paymentType === 'CASH_PURCHASE' && records.invoice?.status !== 'PAID') throw refused('invoice');
    if (paymentType === 'FINANCING' && records.financing !== 'APPROVED') throw refused('financing');
    // what is still to send: never sent, or denied (a denied one is sent again on its own)
    const open = purchaseDocumentFields(paymentType).filter((f) => !sentOk(records.docs, PURCHASE_DOCUMENT_FIELDS[f]));
    if (open.length === 0) throw refused('already_sent');
    const unexpected = Object.keys(files).find((f) => files[f] && !(open as readonly string[]).includes(f));
    if (unexpected) {
      const known = (purchaseDocumentFields(paymentType) as readonly string[]).includes(unexpected);
      throw known ? refused('already_sent') : new DomainError('VALIDATION', { field: unexpected });
    }
    const missing = open.find((f) => !files[f]);
    if (missing) throw new DomainError('UPLOAD_MISSING', { field: missing });
    await keepDocuments(deps, customerId, open.map((f) => ({ field: f, type: PURCHASE_DOCUMENT_FIELDS[f] })), files, moved);
  } catch (e) {
    await Promise.all(Object.values(files).map((f) => f?.discard()));
    await discardStored(deps, moved);
    throw e;
  }
  return currentDocuments(db, customerId);
}

/**
 * PATCH /portal/customers/step_supply: the move to SUPPLY, decided by the process machine's guard
 * on the facts read here (spec §4). Refused with the first missing condition; after the move,
 * asking again answers the steps.
 */
export async function stepSupply(deps: Pick<AppDeps, 'db' | 'clock' | 'reactions'>, customerId: number): Promise<{ data: MenuStep[] }> {
  return deps.db.transaction(async (tx) => {
    const p = await loadProcess(tx, customerId, true);
    if (!p) throw new DomainError('UNAUTHORIZED');
    const steps = await customerSteps(tx, customerId);
    if (steps.some((s) => s.type === 'SUPPLY')) return { data: steps };
    const facts = await supplyFacts(tx, customerId);
    const event = { type: 'supply.requested' as const, facts };
    if (!p.snapshot.can(event)) throw refused(supplyBlock(facts) ?? 'step');
    const move = await moveProcessIn(tx, deps, customerId, event, { by: byCustomer });
    return { data: move.steps };
  });
}

