/** Shared fixtures and PDF readers of the contracts engine's tests. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { ContractData, ContractPlan, ContractPurchase } from '../../../../src/server/engines/contracts';
import type { SignatureEvidence } from '../../../../src/server/engines/contracts';

export const CPF = '12345678909';
export const CPF_FORMATTED = '123.456.789-09';
export const PHONE = '5511987654321';

/** A subscription's contract data: the plan is there. */
export type SubscriptionData = ContractData & { plan: ContractPlan };

/** A person on the 20-year plan paying by card; issued at 02:30 UTC, still the previous day in São Paulo. */
export function personData(overrides: Partial<SubscriptionData> = {}): SubscriptionData {
  return {
    company: { brand_name: 'Sol de Casa', legal_name: 'Empresa Exemplo de Energia Solar Ltda.', cnpj: '11.222.333/0001-81', address: 'Rua Exemplo, 100, São Paulo - SP' },
    customer: {
      name: 'Maria das Graças Conceição',
      document_type: 'CPF',
      document_value: CPF,
      email: 'maria@example.com.br',
      phone: PHONE,
      address: { street: 'Rua das Acácias', number: '120', complement: 'casa 2', neighborhood: 'Jardim América', city: 'São Paulo', state: 'sp', cep: '01310100' },
      date_of_birth: '14/07/1985',
      occupation: 'professora',
      marital_status: 'casado',
    },
    plan: { name: 'Plano 20 anos', term_years: 20, monthly_fee: 1234.56, free_months: 3, billing: { kind: 'card', brand: 'Visa', last4: '4242' }, estimated_savings_12_months: 4321.5 },
    contract_id: 'CT-2025-000123',
    generated_at: new Date('2025-03-01T02:30:00Z'),
    ...overrides,
  };
}

/** A company on the 5-year plan paying by boleto, signed by its legal representative. */
export function companyData(): SubscriptionData {
  return {
    ...personData(),
    customer: {
      name: 'Padaria Pão Quente Ltda',
      document_type: 'CNPJ',
      document_value: '12345678000195',
      email: 'financeiro@paoquente.com.br',
      phone: '11934567890',
      address: { street: 'Avenida Brasil', number: '1500', neighborhood: 'Centro', city: 'Belo Horizonte', state: 'MG', cep: '30140-001' },
      legal_representative: { name: 'João Batista Ferreira', cpf: '98765432100' },
    },
    plan: { name: 'Plano 5 anos', term_years: 5, monthly_fee: 890, free_months: 2, billing: { kind: 'boleto', day: 15 } },
    contract_id: 'CT-2025-000456',
  };
}

/** A 4,95 kWp system (09 x 550 W modules, 01 x 5 kW inverter, no inverter brand, no structure warranty) paid in cash. */
export function purchase(overrides: Partial<ContractPurchase> = {}): ContractPurchase {
  return {
    payment_type: 'CASH_PURCHASE',
    total: 23456.78,
    power_kwp: 4.95,
    annual_production_kwh: 6167,
    equipment: {
      module_brand: 'Canadian Solar', module_power: 550, module_quantity: 9, module_warranty: 12,
      inverter_brand: null, inverter_power: 5, inverter_quantity: 1, inverter_warranty: 1,
      structure_warranty: null,
    },
    proposal_id: 42,
    proposal_date: new Date('2025-02-20T15:00:00Z'),
    ...overrides,
  };
}

/** The person of personData buying that system: no plan, a purchase. */
export function purchaseData(overrides: Partial<ContractData> = {}): ContractData {
  const { plan: _plan, ...rest } = personData();
  return { ...rest, contract_id: 'CC-2025-000789', purchase: purchase(), ...overrides };
}

export function evidence(overrides: Partial<SignatureEvidence> = {}): SignatureEvidence {
  return {
    contract_id: 'CT-2025-000123',
    company_brand_name: 'Sol de Casa',
    signers: [{
      name: 'Maria das Graças Conceição',
      cpf: CPF,
      phone: PHONE,
      signed_at: new Date('2025-03-02T13:05:09Z'),
      ip: '203.0.113.45',
      user_agent: `Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 ${'X'.repeat(200)}TAILMARK`,
    }],
    audit: [
      { at: new Date('2025-03-01T02:30:00Z'), event: 'created' },
      { at: new Date('2025-03-02T13:01:00Z'), event: 'viewed' },
      { at: new Date('2025-03-02T13:03:30Z'), event: 'code_sent', detail: 'telefone final 4321' },
      { at: new Date('2025-03-02T13:05:09Z'), event: 'signed' },
    ],
    ...overrides,
  };
}

const oneSpace = (text: string): string => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

export interface ReadPdf {
  /** Each page's text, runs joined by spaces. */
  pages: string[];
  text: string;
  info: Record<string, unknown>;
}

/** The text of every page and the document information, through pdf.js (legacy build). */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let p = 1; p <= pdf.numPages; p++) {
      const content = await (await pdf.getPage(p)).getTextContent();
      pages.push(oneSpace(content.items.map((item) => ('str' in item ? item.str : '')).join(' ')));
    }
    const meta = await pdf.getMetadata();
    return { pages, text: pages.join(' '), info: (meta.info ?? {}) as Record<string, unknown> };
  } finally {
    await pdf.destroy();
  }
}

/** poppler's pdftoppm is on the machine; CI installs it (.ci/run), so there a missing one fails instead of skipping. */
export const hasPdftoppm = Boolean(process.env.CI) || spawnSync('pdftoppm', ['-v'], { encoding: 'utf8' }).error === undefined;

/** Renders every page with poppler's pdftoppm at 50 dpi; returns the PNG count and what it wrote on stderr. */
export function renderWithPoppler(bytes: Uint8Array): { status: number | null; pngs: number; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), 'contract-render-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, bytes);
    const run = spawnSync('pdftoppm', ['-r', '50', '-png', file, join(dir, 'page')], { encoding: 'utf8' });
    return { status: run.status, pngs: readdirSync(dir).filter((f) => f.endsWith('.png')).length, stderr: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
