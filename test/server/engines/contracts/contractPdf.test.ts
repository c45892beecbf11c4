import { describe, expect, it } from 'vitest';
import {
  ContractDataError, contractPdf, sha256Hex, type ContractData,
} from '../../../../src/server/engines/contracts';
import { LABELS } from '../../../../src/server/engines/contracts/templates';
import { CPF_FORMATTED, companyData, hasPdftoppm, personData, readPdf, renderWithPoppler } from './support';

/** Spec §9 "Contract text terms" (and the plan table's promises): one distinctive phrase each. */
const SECTION_9_TERMS: [term: string, phrase: string][] = [
  ['late fee 2%', 'multa de 2% sobre o valor devido'],
  ['1% interest per month', 'juros de 1% ao mês'],
  ['indexed to IGP-M', 'correção monetária pelo IGP-M'],
  ['protest after 60 days', 'Após 60 dias de atraso, o débito pode ser levado a protesto'],
  ['termination after 90 days', 'Após 90 dias de atraso, a CONTRATADA pode rescindir'],
  ['penalty of 3 monthly fees', 'multa rescisória de 3 mensalidades'],
  ['daily fine of R$ 50 for refused access', 'recusa injustificada de acesso gera multa diária de R$ 50,00'],
  ['20% attorney fees', 'honorários advocatícios de 20%'],
  ['12-month savings estimate', 'economia estimada para os primeiros 12 meses'],
  ['discount for any shortfall', 'concede desconto nas mensalidades seguintes no valor da diferença'],
  ['72-hour service response', 'resposta em até 72 horas'],
  ['30 days to retrieve the equipment', 'retira os equipamentos em até 30 dias'],
  ['30-day objection window', 'contestar qualquer cobrança em até 30 dias'],
  ['automatic 90-day extension of activation', 'prorrogado automaticamente por 90 dias'],
  ['first fee 30 days after production starts', 'primeira mensalidade é cobrada 30 dias após o início da produção de energia'],
  ['10-day notice', 'aviso prévio de 10 dias'],
  ['zero adhesion fee', 'o valor da adesão é R$ 0,00'],
  ['free installation', 'A instalação do sistema é gratuita (R$ 0,00)'],
  ['one-year installation warranty', 'A instalação tem garantia de 1 ano'],
  ['system owned after the 20th year', 'ao fim do 20º ano, com as mensalidades quitadas, o sistema passa a ser de propriedade do CONTRATANTE'],
];

describe('the adhesion term (Termo de Adesão)', () => {
  it('names the customer, the CPF and the plan, in pt-BR money and São Paulo dates', async () => {
    const pdf = await readPdf(await contractPdf('ADHESION_TERM', personData()));
    expect(pdf.text).toContain('Termo de Adesão');
    expect(pdf.text).toContain('Maria das Graças Conceição');
    expect(pdf.text).toContain(`CPF nº ${CPF_FORMATTED}`);
    expect(pdf.text).toContain('Plano 20 anos');
    expect(pdf.text).toContain('R$ 1.234,56');
    expect(pdf.text).toContain('R$ 4.321,50');
    expect(pdf.text).toContain('cartão de crédito Visa final 4242');
    expect(pdf.text).toContain('As 3 primeiras mensalidades do plano são gratuitas');
    expect(pdf.text).toContain('nascido(a) em 14/07/1985, profissão professora, estado civil casado(a)');
    expect(pdf.text).toContain('Rua das Acácias, 120, casa 2, Jardim América, São Paulo/SP, CEP 01310-100');
    // 02:30 UTC on 1 March is still 28 February in São Paulo
    expect(pdf.text).toContain('Emitido em 28/02/2025');
    expect(pdf.text).toContain('CNPJ sob o nº 00.000.000/0001-00 (a definir)');
  });

  it.each(SECTION_9_TERMS)('carries the §9 term: %s', async (_term, phrase) => {
    const pdf = await readPdf(await adhesion());
    expect(pdf.text).toContain(phrase);
  });

  it('fills every placeholder and marks itself as a draft', async () => {
    const pdf = await readPdf(await adhesion());
    expect(pdf.text).not.toMatch(/[{}]/);
    expect(pdf.text).toContain(LABELS.draftMark);
  });

  it('has a footer with the contract id and page x/y on every page, and fixed metadata', async () => {
    const pdf = await readPdf(await adhesion());
    expect(pdf.pages.length).toBeGreaterThanOrEqual(2);
    pdf.pages.forEach((text, i) => expect(text).toContain(`Contrato CT-2025-000123 - Termo de Adesão - Página ${i + 1}/${pdf.pages.length}`));
    expect(pdf.info.Title).toBe('Termo de Adesão - Sol de Casa');
    expect(pdf.info.CreationDate).toBe('D:20250301023000Z');
    expect(pdf.info.ModDate).toBe('D:20250301023000Z');
    expect(pdf.info.Producer).toBe('portal-solar contracts engine');
    expect((pdf.info.Custom as Record<string, string>).ContractId).toBe('CT-2025-000123');
  });

  it('keeps the system the company\'s on a shorter plan, bills by boleto, and words one free month', async () => {
    const base = personData();
    const data: ContractData = { ...base, plan: { name: 'Plano 3 anos', term_years: 3, monthly_fee: 450, free_months: 1, billing: { kind: 'boleto', day: 10 } } };
    const pdf = await readPdf(await contractPdf('ADHESION_TERM', data));
    expect(pdf.text).toContain('continua de propriedade da CONTRATADA');
    expect(pdf.text).not.toContain('20º ano');
    expect(pdf.text).toContain('boleto bancário com vencimento no dia 10 de cada mês');
    expect(pdf.text).toContain('A primeira mensalidade do plano é gratuita (1 mês gratuito)');
    expect(pdf.text).toContain('R$ 450,00');
    expect(pdf.text).toContain('a indicada na proposta comercial');
  });

  it('names the company and its legal representative for a CNPJ customer', async () => {
    const pdf = await readPdf(await contractPdf('ADHESION_TERM', companyData()));
    expect(pdf.text).toContain('Padaria Pão Quente Ltda, inscrita no CNPJ sob o nº 12.345.678/0001-95');
    expect(pdf.text).toContain('representada por seu representante legal João Batista Ferreira, CPF nº 987.654.321-00');
    expect(pdf.text).toContain('boleto bancário com vencimento no dia 15');
  });

  it('refuses a company without a legal representative, and other data it cannot print honestly', async () => {
    const c = companyData();
    await expect(contractPdf('ADHESION_TERM', { ...c, customer: { ...c.customer, legal_representative: null } })).rejects.toThrow(ContractDataError);
    await expect(contractPdf('ADHESION_TERM', { ...personData(), contract_id: ' ' })).rejects.toThrow(ContractDataError);
    await expect(contractPdf('ADHESION_TERM', { ...personData(), generated_at: new Date('nope') })).rejects.toThrow(ContractDataError);
    const p = personData();
    await expect(contractPdf('ADHESION_TERM', { ...p, plan: { ...p.plan, billing: { kind: 'boleto', day: 0 } } })).rejects.toThrow(ContractDataError);
  });

  it('prints a missing address as to be confirmed, and characters Helvetica lacks as "?"', async () => {
    const p = personData();
    const pdf = await readPdf(await contractPdf('ADHESION_TERM', { ...p, customer: { ...p.customer, name: 'Zoë Ñandú 😀 Silva', address: null } }));
    expect(pdf.text).toContain('Zoë Ñandú ? Silva');
    expect(pdf.text).toContain(LABELS.noAddress);
  });
});

describe('the power of attorney (Procuração Técnica)', () => {
  it('names the company the customer\'s technical representative before the distributor', async () => {
    const data = { ...personData(), contract_id: 'PR-2025-000124', adhesion_contract_id: 'CT-2025-000123' };
    const pdf = await readPdf(await contractPdf('POWER_OF_ATTORNEY', data));
    expect(pdf.text).toContain('Procuração Técnica');
    expect(pdf.text).toContain(`Maria das Graças Conceição, CPF nº ${CPF_FORMATTED}`);
    expect(pdf.text).toContain('doravante OUTORGANTE');
    expect(pdf.text).toContain('Sol de Casa, inscrita no CNPJ sob o nº 00.000.000/0001-00 (a definir), doravante OUTORGADA');
    expect(pdf.text).toContain('sua representante técnica perante a distribuidora de energia elétrica');
    expect(pdf.text).toContain('solicitação de acesso');
    expect(pdf.text).toContain('homologação');
    expect(pdf.text).toContain('vistoria');
    expect(pdf.text).toContain('Termo de Adesão nº CT-2025-000123 (Plano 20 anos)');
    expect(pdf.text).toContain('não dá poderes para alterar a titularidade');
    expect(pdf.text).not.toMatch(/[{}]/);
    pdf.pages.forEach((text, i) => expect(text).toContain(`Contrato PR-2025-000124 - Procuração Técnica - Página ${i + 1}/${pdf.pages.length}`));
  });

  it('is granted by a company through its legal representative', async () => {
    const pdf = await readPdf(await contractPdf('POWER_OF_ATTORNEY', companyData()));
    expect(pdf.text).toContain('Padaria Pão Quente Ltda, inscrita no CNPJ sob o nº 12.345.678/0001-95');
    expect(pdf.text).toContain('João Batista Ferreira, CPF nº 987.654.321-00');
    expect(pdf.text).toContain('Termo de Adesão (Plano 5 anos)');
  });
});

describe('determinism', () => {
  it.each(['ADHESION_TERM', 'POWER_OF_ATTORNEY'] as const)('%s: the same data gives the same bytes', async (kind) => {
    const [a, b] = [await contractPdf(kind, personData()), await contractPdf(kind, personData())];
    expect(sha256Hex(a)).toBe(sha256Hex(b));
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const later = await contractPdf(kind, personData({ generated_at: new Date('2025-03-01T02:30:01Z') }));
    expect(sha256Hex(later)).not.toBe(sha256Hex(a));
  });
});

describe.skipIf(!hasPdftoppm)('rendering with poppler (pdftoppm -r 50 -png)', () => {
  it.each([
    ['adhesion, person', () => contractPdf('ADHESION_TERM', personData())],
    ['adhesion, company', () => contractPdf('ADHESION_TERM', companyData())],
    ['power of attorney, person', () => contractPdf('POWER_OF_ATTORNEY', personData())],
    ['power of attorney, company', () => contractPdf('POWER_OF_ATTORNEY', companyData())],
  ] as const)('%s: every page renders without error', async (_name, make) => {
    const bytes = await make();
    const pages = (await readPdf(bytes)).pages.length;
    const run = renderWithPoppler(bytes);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.pngs).toBe(pages);
  });
});

let cached: Promise<Uint8Array> | undefined;
/** The person's adhesion term, rendered once for the per-term checks. */
function adhesion(): Promise<Uint8Array> {
  cached ??= contractPdf('ADHESION_TERM', personData());
  return cached;
}
