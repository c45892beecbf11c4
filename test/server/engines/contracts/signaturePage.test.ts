import { describe, expect, it } from 'vitest';
import {
  CONSENT_TEXT, SIGNATURE_METHOD, SignatureEvidenceError, appendSignaturePage, contractPdf, originalHashOf, sha256Hex,
  verifyAgainst, verifySignedPdf, type SignatureEvidence,
} from '../../../../src/server/engines/contracts';
import { CPF, CPF_FORMATTED, PHONE, companyData, evidence, hasPdftoppm, personData, readPdf, renderWithPoppler } from './support';

const original = () => contractPdf('ADHESION_TERM', personData());

describe('the signature page (Página de assinaturas / Trilha de auditoria)', () => {
  it('is appended after the original pages, which stay as they were', async () => {
    const bytes = await original();
    const before = await readPdf(bytes);
    const after = await readPdf(await appendSignaturePage(bytes, evidence()));
    expect(after.pages.length).toBe(before.pages.length + 1);
    expect(after.pages.slice(0, -1)).toEqual(before.pages);
    expect(after.pages.at(-1)).toContain('Página de assinaturas');
    expect(after.pages.at(-1)).toContain('Trilha de auditoria');
  });

  it('records the signer, what was accepted, when, from where, how, and the original\'s SHA-256', async () => {
    const bytes = await original();
    const page = (await readPdf(await appendSignaturePage(bytes, evidence()))).pages.at(-1) ?? '';
    expect(page).toContain('Maria das Graças Conceição');
    expect(page).toContain('CPF ***.456.789-**');
    expect(page).toContain('Telefone +55 (**) *****-4321');
    expect(page).toContain(`"${CONSENT_TEXT}"`);
    expect(page).toContain('Li e concordo com as Condições gerais.');
    expect(page).toContain(SIGNATURE_METHOD);
    expect(page).toContain('Código SMS enviado ao telefone verificado');
    expect(page).toContain('2025-03-02T13:05:09.000Z');
    expect(page).toContain('02/03/2025 10:05:09 (horário de Brasília)');
    expect(page).toContain('203.0.113.45');
    expect(page).toContain('Mozilla/5.0 (Linux; Android 14; SM-S918B)');
    expect(page).toContain('...');
    expect(page).not.toContain('TAILMARK');
    expect(page.split(sha256Hex(bytes)).length - 1).toBe(2); // document section and the signer's block
    expect(page).toContain('Contrato CT-2025-000123 - Página de assinaturas 1/1 - anexa ao documento original de 2 página(s)');
  });

  it('never shows the full CPF or phone', async () => {
    const page = (await readPdf(await appendSignaturePage(await original(), evidence()))).pages.at(-1) ?? '';
    const digits = page.replace(/\D+/g, ' ');
    for (const secret of [CPF_FORMATTED, CPF, '98765-4321', PHONE]) expect(page).not.toContain(secret);
    expect(digits).not.toContain(CPF);
  });

  it('lists the audit trail in time order with local and ISO times', async () => {
    const e = evidence();
    const page = (await readPdf(await appendSignaturePage(await original(), { ...e, audit: [...e.audit].reverse() }))).pages.at(-1) ?? '';
    const trail = page.slice(page.lastIndexOf('Trilha de auditoria'));
    const order = ['Documento criado', 'Documento visualizado', 'Código SMS enviado - telefone final 4321', 'Documento assinado'].map((label) => trail.indexOf(label));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(trail).toContain('28/02/2025 23:30:00 Documento criado (2025-03-01T02:30:00.000Z)');
  });

  it('keeps the original\'s hash in the metadata and dates the file at the signature', async () => {
    const bytes = await original();
    const signed = await appendSignaturePage(bytes, evidence());
    const { info } = await readPdf(signed);
    expect(info.Keywords).toContain(`sha256-original:${sha256Hex(bytes)}`);
    expect((info.Custom as Record<string, string>).OriginalSHA256).toBe(sha256Hex(bytes));
    expect(info.CreationDate).toBe('D:20250301023000Z');
    expect(info.ModDate).toBe('D:20250302130509Z');
    expect(info.Producer).toBe('portal-solar contracts engine');
    expect(await originalHashOf(signed)).toBe(sha256Hex(bytes));
    expect(await originalHashOf(bytes)).toBeNull();
    expect(await originalHashOf(new TextEncoder().encode('not a pdf'))).toBeNull();
  });

  it('signs a company contract with the legal representative\'s masked CPF', async () => {
    const bytes = await contractPdf('POWER_OF_ATTORNEY', companyData());
    const e = evidence({ contract_id: 'CT-2025-000456' });
    const signer = { ...e.signers[0]!, name: 'João Batista Ferreira', cpf: '987.654.321-00', phone: '11934567890' };
    const page = (await readPdf(await appendSignaturePage(bytes, { ...e, signers: [signer] }))).pages.at(-1) ?? '';
    expect(page).toContain('João Batista Ferreira');
    expect(page).toContain('***.654.321-**');
    expect(page).toContain('(**) *****-7890');
    expect(page).not.toContain('987.654.321-00');
    expect(page).toContain('Procuração Técnica - Sol de Casa');
  });

  it('flows over more pages when there are many signers and events, each with its footer', async () => {
    const e = evidence();
    const signers = Array.from({ length: 5 }, (_, i) => ({ ...e.signers[0]!, name: `Signatário ${i + 1}`, signed_at: new Date(Date.UTC(2025, 2, 2, 13, i)) }));
    const audit = Array.from({ length: 40 }, (_, i) => ({ at: new Date(Date.UTC(2025, 2, 2, 12, i)), event: 'viewed' as const }));
    const bytes = await original();
    const signed = await appendSignaturePage(bytes, { ...e, signers, audit });
    const pdf = await readPdf(signed);
    const extra = pdf.pages.length - (await readPdf(bytes)).pages.length;
    expect(extra).toBeGreaterThan(1);
    pdf.pages.slice(-extra).forEach((text, i) => expect(text).toContain(`Página de assinaturas ${i + 1}/${extra}`));
    expect(pdf.info.ModDate).toBe('D:20250302130400Z'); // the last signature
  });

  it('refuses evidence without a signer or with an invalid date', async () => {
    const bytes = await original();
    await expect(appendSignaturePage(bytes, evidence({ signers: [] }))).rejects.toThrow(SignatureEvidenceError);
    const e = evidence();
    await expect(appendSignaturePage(bytes, { ...e, audit: [{ at: new Date('x'), event: 'viewed' }] })).rejects.toThrow(SignatureEvidenceError);
  });

  it('gives the same bytes for the same document and evidence', async () => {
    const bytes = await original();
    const a = await appendSignaturePage(bytes, evidence());
    const b = await appendSignaturePage(await original(), evidence());
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const e = evidence();
    const otherIp: SignatureEvidence = { ...e, signers: [{ ...e.signers[0]!, ip: '203.0.113.46' }] };
    expect(sha256Hex(await appendSignaturePage(bytes, otherIp))).not.toBe(sha256Hex(a));
  });
});

describe('verification', () => {
  it('accepts the signed file against the hash stored at signing, and fails on any changed byte', async () => {
    const signed = await appendSignaturePage(await original(), evidence());
    const stored = sha256Hex(signed);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyAgainst(signed, stored)).toBe(true);
    expect(verifyAgainst(signed, ` ${stored.toUpperCase()} `)).toBe(true);
    for (const at of [0, Math.floor(signed.length / 2), signed.length - 1]) {
      const tampered = new Uint8Array(signed);
      tampered[at] = tampered[at]! ^ 0x01;
      expect(verifyAgainst(tampered, stored)).toBe(false);
    }
    expect(verifyAgainst(signed.slice(0, -1), stored)).toBe(false);
    expect(verifyAgainst(signed, 'not-a-hash')).toBe(false);
    expect(verifyAgainst(signed, stored.slice(0, 63))).toBe(false);
  });

  it('verifySignedPdf reports both hashes', async () => {
    const bytes = await original();
    const signed = await appendSignaturePage(bytes, evidence());
    expect(await verifySignedPdf(signed, sha256Hex(signed))).toEqual({ valid: true, signed_sha256: sha256Hex(signed), original_sha256: sha256Hex(bytes) });
    expect((await verifySignedPdf(bytes, sha256Hex(signed))).valid).toBe(false);
  });

  it('sha256Hex is the standard SHA-256', () => {
    expect(sha256Hex(new Uint8Array())).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex(new TextEncoder().encode('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe.skipIf(!hasPdftoppm)('rendering the signed file with poppler (pdftoppm -r 50 -png)', () => {
  it('renders every page, the evidence pages included', async () => {
    const e = evidence();
    const signers = [e.signers[0]!, { ...e.signers[0]!, name: 'Testemunha', ip: '2001:db8:85a3::8a2e:370:7334' }];
    const signed = await appendSignaturePage(await original(), { ...e, signers });
    const pages = (await readPdf(signed)).pages.length;
    const run = renderWithPoppler(signed);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.pngs).toBe(pages);
  });
});
