/**
 * The contracts engine of our own e-signature: the contracts' PDFs (adhesion term, purchase
 * contract, power of attorney), the signature (evidence)
 * page appended at signing, and the hashes that prove a signed file unchanged. Pure: no database,
 * no clock (times are passed in); equal inputs give equal bytes.
 */
export { contractPdf, formatAddress, ContractDataError, CONTRACT_ID_INFO_KEY } from './contractPdf';
export type {
  ContractAddress, ContractBilling, ContractData, ContractEquipment, ContractKind, ContractPlan, ContractPurchase,
  MainContractKind, PurchasePaymentType,
} from './contractPdf';
export { appendSignaturePage, SignatureEvidenceError, USER_AGENT_MAX } from './signaturePage';
export type { AuditEntry, SignatureEvidence, SignerEvidence } from './signaturePage';
export { sha256Hex, verifyAgainst, originalHashOf, verifySignedPdf, ORIGINAL_HASH_INFO_KEY, ORIGINAL_HASH_KEYWORD } from './hash';
export type { SignedPdfCheck } from './hash';
export { AUDIT_EVENT_LABELS, CONSENT_TEXT, CONTRACT_TITLES, SIGNATURE_METHOD, SIGNER_ROLE_LABELS } from './templates';
export type { AuditEventKind } from './templates';
export { maskCpf, maskPhone } from './format';
