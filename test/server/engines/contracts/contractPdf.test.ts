import { describe, expect, it } from 'vitest';
import {
  ContractDataError, contractPdf, sha256Hex, type ContractData,
} from '../../../../src/server/engines/contracts';
import { LABELS, PURCHASE_CLAUSES } from '../../../../src/server/engines/contracts/templates';
import {
  CPF_FORMATTED, companyData, hasPdftoppm, personData, purchase, purchaseData, readPdf, renderWithPoppler,
} from './support';

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
    // the company as its settings name it: legal name, brand, CNPJ and registered address
    expect(pdf.text).toContain('Empresa Exemplo de Energia Solar Ltda. (Sol de Casa), inscrita no CNPJ sob o nº 11.222.333/0001-81, com sede em Rua Exemplo, 100, São Paulo - SP, doravante CONTRATADA');
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
    expect(pdf.text).toContain('Empresa Exemplo de Energia Solar Ltda. (Sol de Casa), inscrita no CNPJ sob o nº 11.222.333/0001-81, com sede em Rua Exemplo, 100, São Paulo - SP, doravante OUTORGADA');
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

describe('the purchase contract (Contrato de compra)', () => {
  it('names the parties, the system, the total in pt-BR money and the proposal', async () => {
    const pdf = await readPdf(await contractPdf('PURCHASE_CONTRACT', purchaseData()));
    expect(pdf.text).toContain('Contrato de compra');
    expect(pdf.text).toContain('Compra e instalação de sistema de energia solar fotovoltaica');
    expect(pdf.text).toContain('Empresa Exemplo de Energia Solar Ltda. (Sol de Casa), inscrita no CNPJ sob o nº 11.222.333/0001-81, com sede em Rua Exemplo, 100, São Paulo - SP, doravante CONTRATADA');
    expect(pdf.text).toContain(`Maria das Graças Conceição, CPF nº ${CPF_FORMATTED}, nascido(a) em 14/07/1985`);
    expect(pdf.text).toContain('doravante CONTRATANTE');
    // fields block
    expect(pdf.text).toContain('Sistema 4,95 kWp');
    expect(pdf.text).toContain('Módulos 09 módulos fotovoltaicos de 550 W (Canadian Solar)');
    expect(pdf.text).toContain('Inversor 01 inversor de 5 kW (Sem marca)');
    expect(pdf.text).toContain('Valor total R$ 23.456,78');
    expect(pdf.text).toContain('Forma de pagamento À vista (boleto ou Pix)');
    expect(pdf.text).toContain('Proposta comercial nº 42, de 20/02/2025');
    expect(pdf.text).toContain('Unidade consumidora Rua das Acácias, 120, casa 2, Jardim América, São Paulo/SP, CEP 01310-100');
    // object clause
    expect(pdf.text).toContain('Cláusula 1ª - Objeto');
    expect(pdf.text).toContain('O sistema tem potência de 4,95 kWp e é composto por 09 módulos fotovoltaicos de 550 W (Canadian Solar) e 01 inversor de 5 kW (Sem marca)');
    expect(pdf.text).toContain('na unidade consumidora do CONTRATANTE (Rua das Acácias, 120, casa 2, Jardim América, São Paulo/SP, CEP 01310-100)');
    expect(pdf.text).toContain('(proposta nº 42, de 20/02/2025)');
    expect(pdf.text).toContain('O preço total do sistema é de R$ 23.456,78');
    expect(pdf.text).not.toContain('Termo de Adesão');
  });

  it('words a cash purchase: boleto or Pix on the portal invoice, delivery after the payment', async () => {
    const pdf = await readPdf(await contractPdf('PURCHASE_CONTRACT', purchaseData()));
    expect(pdf.text).toContain('O pagamento é feito à vista, por boleto bancário ou Pix, pela fatura emitida no portal depois da assinatura deste Contrato');
    expect(pdf.text).toContain('A CONTRATADA agenda a entrega dos equipamentos depois da confirmação do pagamento');
    expect(pdf.text).toContain('Confirmado o pagamento e aprovada pela distribuidora de energia elétrica a solicitação de acesso');
    expect(pdf.text).not.toMatch(/financiamento/i);
  });

  it('words a bank financing: effective on approval and release, void without cost when denied', async () => {
    const pdf = await readPdf(await contractPdf('PURCHASE_CONTRACT', purchaseData({ purchase: purchase({ payment_type: 'FINANCING' }) })));
    expect(pdf.text).toContain('Forma de pagamento Financiamento bancário');
    expect(pdf.text).toContain('O pagamento é feito por financiamento bancário contratado pelo CONTRATANTE com instituição financeira parceira da CONTRATADA');
    expect(pdf.text).toContain('A compra se torna efetiva com a aprovação do financiamento e a liberação do crédito pela instituição financeira');
    expect(pdf.text).toContain('Se o financiamento for negado, este Contrato fica sem efeito, sem custo ou multa para qualquer das partes');
    expect(pdf.text).toContain('Aprovado o financiamento, liberado o crédito e aprovada pela distribuidora de energia elétrica a solicitação de acesso');
    expect(pdf.text).not.toContain('boleto bancário ou Pix');
    expect(pdf.text).not.toContain('À vista');
  });

  it('carries the warranties, free freight, homologation, the estimate, withdrawal, termination and venue', async () => {
    const pdf = await readPdf(await contractPdf('PURCHASE_CONTRACT', purchaseData()));
    expect(pdf.text).toContain('módulos fotovoltaicos, 12 anos; inversor, 1 ano; estrutura de fixação, Sem garantia');
    expect(pdf.text).toContain('A instalação tem garantia de 1 ano');
    expect(pdf.text).toContain('O frete dos equipamentos até a unidade consumidora é gratuito');
    expect(pdf.text).toContain('solicitação de acesso para a micro ou minigeração distribuída');
    expect(pdf.text).toContain('com base na procuração técnica');
    expect(pdf.text).toContain('documento pessoal com foto');
    expect(pdf.text).toContain('A produção anual estimada do sistema é de 6.167,0 kWh, conforme a proposta comercial. Essa produção é uma estimativa');
    expect(pdf.text).toContain('não garante economia na conta de energia além do que a proposta comercial declara');
    expect(pdf.text).toContain('Direito de arrependimento');
    expect(pdf.text).toContain('pode desistir dele em até 7 dias contados da sua assinatura, nos termos do art. 49 do Código de Defesa do Consumidor');
    expect(pdf.text).toContain('Rescisão');
    expect(pdf.text).toContain('foro da comarca do domicílio do CONTRATANTE');
    expect(pdf.text).toContain('art. 101, inciso I, do Código de Defesa do Consumidor');
    expect(pdf.text).toContain('as partes assinam este Contrato eletronicamente');
    PURCHASE_CLAUSES.forEach((clause, i) => expect(pdf.text).toContain(`Cláusula ${i + 1}ª - ${clause.title}`));
  });

  it('prints what the proposal lacks as the spec says: Sem marca, Sem garantia, the proposal\'s quantity and production', async () => {
    const data = purchaseData({
      purchase: purchase({
        annual_production_kwh: null, proposal_id: null, proposal_date: null,
        equipment: {
          module_brand: '  ', module_power: null, module_quantity: null, module_warranty: null,
          inverter_brand: 'Growatt', inverter_power: 10.5, inverter_quantity: 12, inverter_warranty: 0, structure_warranty: 1,
        },
      }),
    });
    const pdf = await readPdf(await contractPdf('PURCHASE_CONTRACT', data));
    expect(pdf.text).toContain('módulos fotovoltaicos (Sem marca), na quantidade indicada na proposta comercial');
    expect(pdf.text).toContain('12 inversores de 10,5 kW (Growatt)');
    expect(pdf.text).toContain('módulos fotovoltaicos, Sem garantia; inversor, Sem garantia; estrutura de fixação, 1 ano');
    expect(pdf.text).toContain('Produção estimada conforme a proposta comercial');
    expect(pdf.text).toContain('A produção anual estimada do sistema é a indicada na proposta comercial');
    expect(pdf.text).not.toContain('(proposta');
    expect(pdf.text).not.toContain('Proposta comercial nº');
  });

  it('fills every placeholder, marks itself as a draft, and has the footer and metadata conventions', async () => {
    const pdf = await readPdf(await contractPdf('PURCHASE_CONTRACT', purchaseData()));
    expect(pdf.text).not.toMatch(/[{}]/);
    expect(pdf.text).toContain(LABELS.draftMark);
    pdf.pages.forEach((text, i) => expect(text).toContain(`Contrato CC-2025-000789 - Contrato de compra - Página ${i + 1}/${pdf.pages.length}`));
    expect(pdf.info.Title).toBe('Contrato de compra - Sol de Casa');
    expect(pdf.info.Subject).toBe('Contrato de compra - contrato CC-2025-000789');
    expect(pdf.info.Keywords).toBe('contrato:CC-2025-000789');
    expect(pdf.info.CreationDate).toBe('D:20250301023000Z');
    expect(pdf.info.Producer).toBe('portal-solar contracts engine');
    expect((pdf.info.Custom as Record<string, string>).ContractId).toBe('CC-2025-000789');
  });

  it('is made with a company through its legal representative, and with a person without a CPF on record', async () => {
    const { plan: _plan, ...company } = companyData();
    const business = await readPdf(await contractPdf('PURCHASE_CONTRACT', { ...company, purchase: purchase() }));
    expect(business.text).toContain('Padaria Pão Quente Ltda, inscrita no CNPJ sob o nº 12.345.678/0001-95');
    expect(business.text).toContain('representada por seu representante legal João Batista Ferreira, CPF nº 987.654.321-00, doravante CONTRATANTE');
    const p = purchaseData();
    const person = await readPdf(await contractPdf('PURCHASE_CONTRACT', { ...p, customer: { ...p.customer, document_value: '' } }));
    expect(person.text).toContain('Maria das Graças Conceição, identificado(a) pelo documento de identidade enviado ao portal');
  });

  it('refuses a missing purchase block, and a purchase it cannot print honestly', async () => {
    await expect(contractPdf('PURCHASE_CONTRACT', { ...purchaseData(), purchase: undefined })).rejects.toThrow(ContractDataError);
    await expect(contractPdf('PURCHASE_CONTRACT', { ...purchaseData(), purchase: null })).rejects.toThrow(ContractDataError);
    // a subscription's data (plan, no purchase) is not a purchase
    await expect(contractPdf('PURCHASE_CONTRACT', personData())).rejects.toThrow(/purchase/);
    const bad: Parameters<typeof purchase>[0][] = [
      { total: 0 }, { total: Number.NaN }, { power_kwp: 0 }, { annual_production_kwh: -1 },
      { payment_type: 'BOLETO' as 'FINANCING' }, { proposal_date: new Date('nope') },
      { equipment: { ...purchase().equipment, module_quantity: 2.5 } },
      { equipment: { ...purchase().equipment, inverter_power: Number.POSITIVE_INFINITY } },
    ];
    for (const overrides of bad) {
      await expect(contractPdf('PURCHASE_CONTRACT', purchaseData({ purchase: purchase(overrides) }))).rejects.toThrow(ContractDataError);
    }
    const c = companyData();
    await expect(contractPdf('PURCHASE_CONTRACT', { ...purchaseData(), customer: { ...c.customer, legal_representative: null } })).rejects.toThrow(ContractDataError);
  });

  it('keeps the plan required where it is printed: the adhesion term and the power of attorney serving one', async () => {
    await expect(contractPdf('ADHESION_TERM', purchaseData())).rejects.toThrow(/plan/);
    await expect(contractPdf('ADHESION_TERM', { ...personData(), plan: null })).rejects.toThrow(ContractDataError);
    await expect(contractPdf('POWER_OF_ATTORNEY', purchaseData())).rejects.toThrow(ContractDataError);
    await expect(contractPdf('POWER_OF_ATTORNEY', purchaseData({ main_contract_kind: 'ADHESION_TERM' }))).rejects.toThrow(ContractDataError);
  });
});

describe('the power of attorney serving a purchase', () => {
  it('refers to the purchase contract by its id, with the same powers', async () => {
    const data = purchaseData({ contract_id: 'PR-2025-000790', main_contract_kind: 'PURCHASE_CONTRACT', main_contract_id: 'CC-2025-000789' });
    const pdf = await readPdf(await contractPdf('POWER_OF_ATTORNEY', data));
    expect(pdf.text).toContain('Procuração Técnica');
    expect(pdf.text).toContain('sua representante técnica perante a distribuidora de energia elétrica');
    expect(pdf.text).toContain('sistema de geração de energia solar fotovoltaica adquirido pelo OUTORGANTE no Contrato de compra nº CC-2025-000789, ao qual esta procuração é vinculada');
    expect(pdf.text).not.toContain('Termo de Adesão');
    expect(pdf.text).not.toContain('prazo do plano');
    expect(pdf.text).toContain('vale até a conexão do sistema à rede de distribuição');
    expect(pdf.text).toContain('solicitação de acesso à rede de distribuição para a micro ou minigeração distribuída');
    expect(pdf.text).toContain('assinar formulários, prestar informações e receber comunicações da distribuidora');
    expect(pdf.text).toContain('acompanhar o seu andamento');
    expect(pdf.text).toContain('não dá poderes para alterar a titularidade');
    expect(pdf.text).not.toMatch(/[{}]/);
    pdf.pages.forEach((text, i) => expect(text).toContain(`Contrato PR-2025-000790 - Procuração Técnica - Página ${i + 1}/${pdf.pages.length}`));
  });

  it('takes the id from adhesion_contract_id too, prints none when there is none, and needs no purchase block', async () => {
    const { purchase: _purchase, ...noPurchase } = purchaseData({ main_contract_kind: 'PURCHASE_CONTRACT' });
    const byOldName = await readPdf(await contractPdf('POWER_OF_ATTORNEY', { ...noPurchase, adhesion_contract_id: 'CC-1' }));
    expect(byOldName.text).toContain('no Contrato de compra nº CC-1, ao qual esta procuração é vinculada');
    const both = await readPdf(await contractPdf('POWER_OF_ATTORNEY', { ...noPurchase, adhesion_contract_id: 'CC-1', main_contract_id: 'CC-2' }));
    expect(both.text).toContain('Contrato de compra nº CC-2,');
    const none = await readPdf(await contractPdf('POWER_OF_ATTORNEY', noPurchase));
    expect(none.text).toContain('no Contrato de compra, ao qual esta procuração é vinculada');
  });

  it('still serves the adhesion term by default and when told so', async () => {
    const told = await readPdf(await contractPdf('POWER_OF_ATTORNEY', personData({ main_contract_kind: 'ADHESION_TERM', main_contract_id: 'CT-9' })));
    expect(told.text).toContain('contratado no Termo de Adesão nº CT-9 (Plano 20 anos)');
    expect(told.text).toContain('vale pelo prazo do plano contratado (20 anos)');
    expect(told.text).not.toContain('Contrato de compra');
  });
});

describe('determinism of the purchase contract', () => {
  it.each(['CASH_PURCHASE', 'FINANCING'] as const)('%s: the same data gives the same bytes', async (payment_type) => {
    const make = (overrides = {}) => contractPdf('PURCHASE_CONTRACT', purchaseData({ purchase: purchase({ payment_type }), ...overrides }));
    const [a, b] = [await make(), await make()];
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(sha256Hex(a)).toBe(sha256Hex(b));
    const later = await make({ generated_at: new Date('2025-03-01T02:30:01Z') });
    expect(sha256Hex(later)).not.toBe(sha256Hex(a));
  });

  it('the payment type changes the bytes, and the purchase power of attorney is stable too', async () => {
    const cash = await contractPdf('PURCHASE_CONTRACT', purchaseData());
    const financing = await contractPdf('PURCHASE_CONTRACT', purchaseData({ purchase: purchase({ payment_type: 'FINANCING' }) }));
    expect(sha256Hex(cash)).not.toBe(sha256Hex(financing));
    const poa = () => contractPdf('POWER_OF_ATTORNEY', purchaseData({ main_contract_kind: 'PURCHASE_CONTRACT', main_contract_id: 'CC-2025-000789' }));
    expect(sha256Hex(await poa())).toBe(sha256Hex(await poa()));
  });

  it('keeps clause keys unique', () => {
    const keys = PURCHASE_CLAUSES.map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe.skipIf(!hasPdftoppm)('rendering the purchase contracts with poppler (pdftoppm -r 50 -png)', () => {
  it.each([
    ['purchase, person, cash', () => contractPdf('PURCHASE_CONTRACT', purchaseData())],
    ['purchase, company, financing', () => {
      const { plan: _plan, ...company } = companyData();
      return contractPdf('PURCHASE_CONTRACT', { ...company, purchase: purchase({ payment_type: 'FINANCING' }) });
    }],
    ['power of attorney, purchase', () => contractPdf('POWER_OF_ATTORNEY', purchaseData({ main_contract_kind: 'PURCHASE_CONTRACT', main_contract_id: 'CC-1' }))],
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
