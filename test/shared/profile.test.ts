import { describe, expect, test } from 'vitest';
import { messages as m } from '#shared/messages';
import { checkPersonalData } from '#shared/profile/payloads';
import {
  cardBrandName, cardDue, feeText, INSTALLATION_FEE, JOINING_FEE, keptOnDeletion, maskedCardNumber, orderSummary, paysByInvoice, profileStepButtons, signRefusal,
} from '#shared/profile/rules';
import type { MenuStep } from '#shared/steps';

const contract = (type: string, signed: boolean) => ({ type, is_client_signed: signed });

describe('spec §4 "Contract step (profile)", through contractStepButtons', () => {
  test('every combination of the two signatures and the invoice', () => {
    const rows: [boolean, boolean, boolean, { signContract: boolean; signProcuration: boolean; payment: boolean }][] = [
      [false, false, false, { signContract: true, signProcuration: false, payment: false }],
      [false, false, true, { signContract: true, signProcuration: false, payment: false }],
      [false, true, false, { signContract: true, signProcuration: false, payment: false }],
      [false, true, true, { signContract: true, signProcuration: false, payment: false }],
      [true, false, false, { signContract: false, signProcuration: true, payment: true }],
      [true, false, true, { signContract: false, signProcuration: true, payment: false }],
      [true, true, false, { signContract: false, signProcuration: false, payment: true }],
      [true, true, true, { signContract: false, signProcuration: false, payment: false }],
    ];
    for (const [signedContract, signedProcuration, invoice, expected] of rows) {
      const contracts = [contract('PURCHASE_CONTRACT', signedContract), contract('POWER_OF_ATTORNEY', signedProcuration)];
      expect(profileStepButtons({ contracts, invoice: invoice ? 'PENDING' : null }), JSON.stringify([signedContract, signedProcuration, invoice])).toEqual(expected);
    }
  });

  test('an invoice whose read failed counts as created; a subscription\'s adhesion term is not the purchase contract', () => {
    expect(profileStepButtons({ contracts: [contract('PURCHASE_CONTRACT', true)], invoice: 'unknown' }).payment).toBe(false);
    expect(profileStepButtons({ contracts: [contract('ADHESION_TERM', true)], invoice: null })).toEqual({ signContract: true, signProcuration: false, payment: false });
    expect(profileStepButtons({ contracts: [], invoice: null })).toEqual({ signContract: true, signProcuration: false, payment: false });
  });

  test('the frame opens only at the CONTRACT step with the contract generated; otherwise the dialog says why', () => {
    const at = (type: MenuStep['type']): Pick<MenuStep, 'type' | 'status'>[] => [{ type: 'PROPOSAL_FINAL', status: 'APPROVED' }, { type, status: 'NOT_DONE' }];
    const both = [{ type: 'PURCHASE_CONTRACT' }, { type: 'POWER_OF_ATTORNEY' }];
    expect(signRefusal(at('CONTRACT'), both, 'PURCHASE_CONTRACT')).toBeNull();
    expect(signRefusal(at('CONTRACT'), [], 'PURCHASE_CONTRACT')).toBe('notGenerated');
    expect(signRefusal([{ type: 'PROPOSAL_FINAL', status: 'PENDING' }], both, 'POWER_OF_ATTORNEY')).toBe('notContractStep');
    expect(signRefusal([{ type: 'CONTRACT', status: 'APPROVED' }, { type: 'SUPPLY', status: 'PENDING' }], both, 'PURCHASE_CONTRACT')).toBe('notContractStep');
    expect(paysByInvoice('CASH_PURCHASE')).toBe(true);
    expect(paysByInvoice('FINANCING')).toBe(false);
    expect(paysByInvoice(null)).toBe(false);
  });
});

describe('the order summary and the card (spec §3 "Card", §9)', () => {
  test('joining and installation fees read R$ 0,00; the card shows its brand, last four digits and due', () => {
    expect([feeText(JOINING_FEE), feeText(INSTALLATION_FEE)]).toEqual(['R$ 0,00', 'R$ 0,00']);
    expect(maskedCardNumber('4444')).toBe('•••• •••• •••• 4444');
    expect(cardDue(8, 2031)).toBe('08/2031');
    expect(cardDue(null, null)).toBeNull();
    expect(cardBrandName('MASTER')).toBe('Mastercard');
    expect(cardBrandName('HIPER')).toBe('HIPER');
  });
});

describe('the order summary (spec §2 "Profile page", §9)', () => {
  const visit = { phone: '11987654321', cep: '01310100', address: 'Avenida Paulista', number: '1000', complement: null, neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };
  const rows = (lines: { label: string; value: string }[]) => lines.map((l) => [m[l.label as keyof typeof m], l.value]);

  test('a subscriber: plan and monthly fee, both fees R$ 0,00, and the address of the technical visit', () => {
    const r = orderSummary({ kind: 'SUBSCRIPTION', paymentType: null, plan: { name: 'Plano 20 anos', price: 206.54 }, purchase: null, phone: '5511912345678', city: 'Campinas', state: 'SP', visit });
    expect(r.hasAddress).toBe(true);
    expect(rows(r.lines)).toEqual([
      ['Plano', 'Plano 20 anos'], ['Mensalidade', 'R$ 206,54'], ['Taxa de instalação', 'R$ 0,00'], ['Taxa de adesão', 'R$ 0,00'],
      ['Telefone', '+55 (11) 98765-4321'], ['CEP', '01310-100'], ['Endereço', 'Avenida Paulista'], ['Número', '1000'], ['Complemento', '—'],
      ['Bairro', 'Bela Vista'], ['Cidade', 'São Paulo'], ['Estado', 'SP'],
    ]);
  });

  test('a buyer has no plan: the purchase (how it is paid, the system, the value) instead; before a visit, the profile\'s phone and city', () => {
    const r = orderSummary({ kind: 'LENDING', paymentType: 'CASH_PURCHASE', plan: null, purchase: { powerKwp: 5.5, value: 24990 }, phone: '5511912345678', city: 'Campinas', state: 'SP', visit: null });
    expect(r.hasAddress).toBe(false);
    expect(rows(r.lines).slice(0, 6)).toEqual([
      ['Compra', 'Compra à vista'], ['Sistema', '5,5 kWp'], ['Valor', 'R$ 24.990,00'], ['Taxa de instalação', 'R$ 0,00'], ['Taxa de adesão', 'R$ 0,00'],
      ['Telefone', '+55 (11) 91234-5678'],
    ]);
    expect(rows(r.lines).slice(-2)).toEqual([['Cidade', 'Campinas'], ['Estado', 'SP']]);
    expect(rows(orderSummary({ kind: 'SUBSCRIPTION', paymentType: null, plan: null, purchase: null, phone: '5511912345678', city: 'Campinas', state: 'SP', visit: null }).lines)[0])
      .toEqual(['Plano', 'Nenhum plano escolhido ainda']);
  });
});

describe('the personal data form (spec §5 messages)', () => {
  test('required, at least 3 letters, a valid e-mail: the first problem of each field; the e-mail lower-cased', () => {
    expect(checkPersonalData('CPF', { name: '', email: '' })).toEqual({ ok: false, errors: { name: 'common.form.required', email: 'common.form.required' } });
    expect(checkPersonalData('CPF', { name: 'Jo', email: 'ana@' })).toEqual({ ok: false, errors: { name: 'common.form.name.min', email: 'common.form.email.invalid' } });
    expect(checkPersonalData('CNPJ', { name: 'Pa', email: 'a@b.com.br' })).toEqual({ ok: false, errors: { name: 'common.form.razaoSocial.min' } });
    expect(checkPersonalData('CPF', { name: '  Ana Souza ', email: ' ANA@Exemplo.com.br' })).toEqual({ ok: true, value: { name: 'Ana Souza', email: 'ana@exemplo.com.br' } });
    expect(m['common.form.email.invalid']).toBe('Email inválido');
  });
});

describe('what an account\'s deletion keeps (LGPD art. 16)', () => {
  test('signed contracts; payments under a signed contract or with an invoice; the record always', () => {
    expect(keptOnDeletion({ signedContracts: false, cardOrBoleto: false, invoices: false })).toEqual(['deletion']);
    expect(keptOnDeletion({ signedContracts: false, cardOrBoleto: true, invoices: false })).toEqual(['deletion']);
    expect(keptOnDeletion({ signedContracts: true, cardOrBoleto: false, invoices: false })).toEqual(['contracts', 'deletion']);
    expect(keptOnDeletion({ signedContracts: true, cardOrBoleto: true, invoices: false })).toEqual(['contracts', 'payments', 'deletion']);
    expect(keptOnDeletion({ signedContracts: false, cardOrBoleto: false, invoices: true })).toEqual(['payments', 'deletion']);
  });
});
