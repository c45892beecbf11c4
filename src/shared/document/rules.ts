/**
 * The documents a subscription customer sends on the booking screen (spec §3 "Document record",
 * §4 "Document upload", §6): an individual the front (required) and back (optional) of an ID; a
 * company its CNPJ card, the proof of its legal representative and a legal document, all three at
 * once, and not before the checkout is complete. Staff approve or deny each, with a reason.
 */

export const DOCUMENT_TYPES = ['DOCUMENT', 'CARD', 'RECEIPT', 'PROOF_OF_ADDRESS', 'PROOF_OF_INCOME'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_STATUSES = ['PENDING', 'DENIED', 'APPROVED'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Spec §3: how a status reads. */
export const DOCUMENT_STATUS_LABEL: Readonly<Record<DocumentStatus, string>> = { PENDING: 'Em análise', DENIED: 'Negado', APPROVED: 'Aprovado' };

/** The multipart fields of POST /portal/customers/documents and the record each one makes. */
export interface DocumentSlot {
  field: 'document' | 'document_back' | 'card' | 'receipt';
  /** the record the file belongs to (the back belongs to the ID's DOCUMENT record) */
  type: DocumentType;
  label: string;
  required: boolean;
}

const INDIVIDUAL: readonly DocumentSlot[] = [
  { field: 'document', type: 'DOCUMENT', label: 'Documento de identidade (frente)', required: true },
  { field: 'document_back', type: 'DOCUMENT', label: 'Documento de identidade (verso)', required: false },
];
const COMPANY: readonly DocumentSlot[] = [
  { field: 'card', type: 'CARD', label: 'Cartão CNPJ', required: true },
  { field: 'receipt', type: 'RECEIPT', label: 'Representante legal', required: true },
  { field: 'document', type: 'DOCUMENT', label: 'Documento legal', required: true },
];

/** Spec §6: the files an individual (CPF) or a company (CNPJ) sends. */
export const documentSlots = (documentType: 'CPF' | 'CNPJ'): readonly DocumentSlot[] => (documentType === 'CNPJ' ? COMPANY : INDIVIDUAL);

/** What a record of each type is called on the screen (spec §3: CARD 'Cartão CNPJ', RECEIPT 'Representante legal'). */
export function documentName(type: DocumentType, documentType: 'CPF' | 'CNPJ'): string {
  switch (type) {
    case 'CARD': return 'Cartão CNPJ';
    case 'RECEIPT': return 'Representante legal';
    case 'DOCUMENT': return documentType === 'CNPJ' ? 'Documento legal' : 'Documento de identidade';
    case 'PROOF_OF_ADDRESS': return 'Comprovante de endereço';
    case 'PROOF_OF_INCOME': return 'Comprovante de renda';
  }
}

/**
 * The slots the customer may fill now: every slot of a record not sent yet or DENIED (spec §4: a
 * denied document opens the upload area again); none while every record is in review or approved.
 */
export function openSlots(documentType: 'CPF' | 'CNPJ', current: readonly { type: DocumentType; status: DocumentStatus }[]): readonly DocumentSlot[] {
  const status = new Map(current.map((d) => [d.type, d.status]));
  return documentSlots(documentType).filter((slot) => {
    const s = status.get(slot.type);
    return s === undefined || s === 'DENIED';
  });
}

/** Spec §4: a company uploads only when all its files are chosen; an individual needs the front. */
export const missingRequired = (slots: readonly DocumentSlot[], chosen: ReadonlySet<string>): DocumentSlot[] =>
  slots.filter((s) => s.required && !chosen.has(s.field));
