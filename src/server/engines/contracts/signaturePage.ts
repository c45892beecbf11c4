/**
 * The evidence ('Página de assinaturas' / 'Trilha de auditoria') appended to a contract when it is
 * signed through our own e-signature: who signed (name, masked CPF and phone), what they agreed
 * to, when (server time), from where (IP, user agent), how (SMS code to the verified phone), the
 * SHA-256 of the original document, and the audit trail. The original's hash also goes into the
 * PDF's metadata. Pure and deterministic: every time is passed in, the modification date is the
 * last signature's time, producer and creator are constants.
 *
 * The original pages are copied unchanged (their own footers keep 'page x/y' of the original);
 * the file is rewritten, not incrementally updated, so the original bytes are not a prefix of
 * the signed file: keep the original (or its hash) to prove what was signed.
 */
import { PDFDict, PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import {
  AUDIT_EVENT_LABELS, CONSENT_TEXT, SIGNATURE_METHOD, SIGNATURE_PAGE, fillTemplate, type AuditEventKind,
} from './templates';
import { dateTimeBR, maskCpf, maskPhone, truncate } from './format';
import { A4, BORDER, BRAND, BRAND_SOFT, Flow, MARGIN, MUTED, PDF_CREATOR, PDF_PRODUCER, embedFonts, headerBand, runningHeader, stampFooters } from './layout';
import { ORIGINAL_HASH_INFO_KEY, ORIGINAL_HASH_KEYWORD, sha256Hex } from './hash';

export interface SignerEvidence {
  name: string;
  /** The signer's CPF (the person, also when signing for a company); printed masked. */
  cpf: string;
  /** The verified phone the code was sent to; printed with only its last 4 digits. */
  phone: string;
  /** Server time of the signature. */
  signed_at: Date;
  ip: string;
  user_agent: string;
  /** What the signer accepted; defaults to CONSENT_TEXT. */
  consent_text?: string;
  /** How the signer was identified; defaults to SIGNATURE_METHOD. */
  method?: string;
  /** In what capacity they sign (SIGNER_ROLE_LABELS), printed when known. */
  role?: string;
}

export interface AuditEntry {
  at: Date;
  event: AuditEventKind;
  /** Optional detail after the event's label (who, which phone, masked). */
  detail?: string;
}

export interface SignatureEvidence {
  contract_id: string;
  /** Brand that records the signed hash (closing sentence). */
  company_brand_name: string;
  signers: readonly SignerEvidence[];
  audit: readonly AuditEntry[];
}

export const USER_AGENT_MAX = 140;

export class SignatureEvidenceError extends Error {
  override name = 'SignatureEvidenceError';
}

const iso = (at: Date): string => at.toISOString();
const serverTime = (at: Date): string => `${iso(at)} | ${dateTimeBR(at)} ${SIGNATURE_PAGE.localTimeSuffix}`;

/** The signed PDF: the original pages followed by the evidence page(s). */
export async function appendSignaturePage(pdfBytes: Uint8Array, evidence: SignatureEvidence): Promise<Uint8Array> {
  if (evidence.signers.length === 0) throw new SignatureEvidenceError('no signer');
  const times = [...evidence.signers.map((s) => s.signed_at), ...evidence.audit.map((a) => a.at)];
  if (times.some((t) => Number.isNaN(t.getTime()))) throw new SignatureEvidenceError('an invalid date in the evidence');

  const originalHash = sha256Hex(pdfBytes);
  const doc = await PDFDocument.load(pdfBytes, { updateMetadata: false });
  const originalPages = doc.getPageCount();
  const title = doc.getTitle() ?? evidence.contract_id;
  const signedAt = new Date(Math.max(...evidence.signers.map((s) => s.signed_at.getTime())));

  doc.setKeywords([`contrato:${evidence.contract_id}`, `${ORIGINAL_HASH_KEYWORD}${originalHash}`]);
  doc.setProducer(PDF_PRODUCER);
  doc.setCreator(PDF_CREATOR);
  doc.setModificationDate(signedAt);
  const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
  info.set(PDFName.of(ORIGINAL_HASH_INFO_KEY), PDFString.of(originalHash));

  const fonts = await embedFonts(doc);
  const flow = new Flow(doc, fonts, runningHeader(`${SIGNATURE_PAGE.title} - ${evidence.contract_id}`));
  // Flow numbers its own pages: the first evidence page gets the full header band.
  flow.newPage();
  headerBand(flow, evidence.company_brand_name, SIGNATURE_PAGE.title, SIGNATURE_PAGE.auditTrail, [
    `${SIGNATURE_PAGE.contractId} ${evidence.contract_id}`,
  ]);
  flow.paragraph(fillTemplate(SIGNATURE_PAGE.lead, { title, contract_id: evidence.contract_id }), { color: MUTED, size: 9.5 });

  flow.heading(SIGNATURE_PAGE.document);
  flow.field(SIGNATURE_PAGE.documentTitle, title);
  flow.field(SIGNATURE_PAGE.contractId, evidence.contract_id);
  flow.field(SIGNATURE_PAGE.originalPages, String(originalPages));
  flow.field(SIGNATURE_PAGE.originalHash, originalHash, { mono: true });

  flow.heading(SIGNATURE_PAGE.signers);
  evidence.signers.forEach((signer, i) => {
    flow.ensure(150);
    flow.y -= 6;
    const top = flow.y;
    const startPage = flow.page;
    flow.paragraph(`${i + 1}. ${signer.name.trim()}`, { font: fonts.bold, color: BRAND, size: 10.5, gap: 0 });
    flow.field(SIGNATURE_PAGE.name, signer.name.trim());
    if (signer.role) flow.field(SIGNATURE_PAGE.role, signer.role);
    flow.field(SIGNATURE_PAGE.cpf, maskCpf(signer.cpf));
    flow.field(SIGNATURE_PAGE.phone, maskPhone(signer.phone));
    flow.field(SIGNATURE_PAGE.method, signer.method ?? SIGNATURE_METHOD);
    flow.field(SIGNATURE_PAGE.consent, `"${signer.consent_text ?? CONSENT_TEXT}"`);
    flow.field(SIGNATURE_PAGE.serverTime, serverTime(signer.signed_at));
    flow.field(SIGNATURE_PAGE.ip, signer.ip.trim());
    flow.field(SIGNATURE_PAGE.userAgent, truncate(signer.user_agent, USER_AGENT_MAX));
    flow.field(SIGNATURE_PAGE.documentHash, originalHash, { mono: true });
    flow.y -= 6;
    // a soft bar on the left of the signer's block, when the block stayed on one page
    if (flow.page === startPage) flow.page.drawRectangle({ x: MARGIN - 10, y: flow.y, width: 3, height: top - flow.y, color: BRAND_SOFT });
  });

  flow.heading(SIGNATURE_PAGE.auditTrail);
  const trail = [...evidence.audit].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const entry of trail) {
    const label = AUDIT_EVENT_LABELS[entry.event] ?? entry.event;
    const detail = entry.detail?.trim() ? ` - ${entry.detail.trim()}` : '';
    flow.field(`${dateTimeBR(entry.at)}`, `${label}${detail} (${iso(entry.at)})`, { labelWidth: 110 });
  }

  flow.y -= 10;
  flow.ensure(40);
  flow.page.drawLine({ start: { x: MARGIN, y: flow.y }, end: { x: A4[0] - MARGIN, y: flow.y }, thickness: 0.5, color: BORDER });
  flow.paragraph(fillTemplate(SIGNATURE_PAGE.closing, { company: evidence.company_brand_name.trim() }), { color: MUTED, size: 8.5 });

  stampFooters(flow.pages, fonts, (page, pages) =>
    fillTemplate(SIGNATURE_PAGE.footer, { contract_id: evidence.contract_id, page, pages, original_pages: originalPages }));
  return doc.save();
}
