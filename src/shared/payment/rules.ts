import type { PaymentType } from '../proposal/payloads';

/**
 * The cash purchase and bank financing on the payment screen (spec §2 "Payment and contract screen",
 * §3 financing record and invoice, §4 "Financing status", "Move to SUPPLY", "Financing upload",
 * "Contract step (profile)", §5 "Financing upload", "Homologation upload"). One place for each rule:
 * the server's process, the payment and financing machines and the profile read them from here.
 */

export type { PaymentType };

/** spec §4: only the server (staff) sets it; the customer reads it. */
export const FINANCING_STATUSES = ['NOT_REQUESTED', 'IN_EVALUATION', 'APPROVED', 'DENIED'] as const;
export type FinancingStatus = (typeof FINANCING_STATUSES)[number];

/** An invoice's life, in Iugu's words (pending, paid, canceled, expired). */
export const INVOICE_STATUSES = ['PENDING', 'PAID', 'CANCELED', 'EXPIRED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The multipart fields of POST /portal/customers/documents/proposal and the record each makes (spec §3 upload payload). */
export const PURCHASE_DOCUMENT_FIELDS = {
  document: 'DOCUMENT',
  proof_of_address: 'PROOF_OF_ADDRESS',
  proof_of_income: 'PROOF_OF_INCOME',
} as const;
export type PurchaseDocumentField = keyof typeof PURCHASE_DOCUMENT_FIELDS;

/**
 * The files a purchase needs (spec §5): cash, the personal photo document for the utility's
 * homologation; financing, proof of address, proof of income and the personal document (CNH or RG
 * with CPF), all at once.
 */
export const purchaseDocumentFields = (paymentType: PaymentType): readonly PurchaseDocumentField[] =>
  (paymentType === 'FINANCING' ? ['proof_of_address', 'proof_of_income', 'document'] : ['document']);

/** What the server knows when the customer asks to move to SUPPLY: read from its own records, never from the browser. */
export interface SupplyFacts {
  paymentType: PaymentType | null;
  /** the purchase contract ('Contrato de compra') is signed */
  purchaseContractSigned: boolean;
  invoicePaid: boolean;
  /** the documents sent for the purchase and not denied */
  documentSent: boolean;
  proofOfAddressSent: boolean;
  proofOfIncomeSent: boolean;
  financingStatus: FinancingStatus | null;
}

/** Why a move to SUPPLY is refused, in the order the customer meets the conditions; null: it may move. */
export type SupplyBlock = 'payment_type' | 'contract' | 'invoice' | 'documents' | 'financing';

/**
 * spec §4 "Move to SUPPLY": the purchase contract is signed and either (a) cash: the invoice is
 * paid and a personal document was sent, or (b) financing: proof of address, proof of income and
 * the personal document were all sent and the financing is APPROVED.
 */
export function supplyBlock(f: SupplyFacts): SupplyBlock | null {
  if (f.paymentType === null) return 'payment_type';
  if (!f.purchaseContractSigned) return 'contract';
  if (f.paymentType === 'CASH_PURCHASE') {
    if (!f.invoicePaid) return 'invoice';
    return f.documentSent ? null : 'documents';
  }
  if (f.financingStatus !== 'APPROVED') return 'financing';
  return f.documentSent && f.proofOfAddressSent && f.proofOfIncomeSent ? null : 'documents';
}
export const maySupply = (f: SupplyFacts): boolean => supplyBlock(f) === null;

/** The purchase's two signatures (spec §4 "Signing": sign type T the purchase contract, P the power of attorney). */
export interface PurchaseSignatures { contractSigned: boolean; procurationSigned: boolean }

/** The two signatures, read from the customer's contracts (the payment screen, the profile, the proposal, the server). */
export function purchaseSignaturesOf(contracts: readonly { type: string; is_client_signed: boolean }[]): PurchaseSignatures {
  const signed = (type: string) => contracts.some((c) => c.type === type && c.is_client_signed);
  return { contractSigned: signed('PURCHASE_CONTRACT'), procurationSigned: signed('POWER_OF_ATTORNEY') };
}

/**
 * spec §4 "Contract step (profile)": 'sign contract' is disabled once signed; 'sign power of
 * attorney' is enabled only after the contract is signed and until it is signed itself; the payment
 * button only when the contract is signed and until the invoice exists.
 */
export function contractStepButtons(s: PurchaseSignatures & { invoiceCreated: boolean }) {
  return {
    signContract: !s.contractSigned,
    signProcuration: s.contractSigned && !s.procurationSigned,
    payment: s.contractSigned && !s.invoiceCreated,
  };
}

/** spec §5 "Financing upload": the submit is disabled while either signature is missing. */
export const financingUploadEnabled = (s: PurchaseSignatures): boolean => s.contractSigned && s.procurationSigned;

/** The cash invoice is issued once both are signed (the order: contract, power of attorney, invoice). */
export const invoiceMayBeIssued = (s: PurchaseSignatures): boolean => s.contractSigned && s.procurationSigned;

/** spec §2: the financing screen shows while the payment type is FINANCING and the current step is not SUPPLY. */
export const showsFinancing = (paymentType: PaymentType | null, currentStep: string): boolean =>
  paymentType === 'FINANCING' && currentStep !== 'SUPPLY';

/** The partner banks of the financing card (spec §9), by their logo files in public/banks. */
export const PARTNER_BANKS = [
  { key: 'itau', name: 'Itaú' },
  { key: 'santander', name: 'Santander' },
  { key: 'bv', name: 'banco BV' },
] as const;
