import type { AnyMachineSnapshot } from 'xstate';
import { definePathModel, sample } from './engine';
import {
  paymentMachine, type Chosen, type PaymentContext, type PaymentPageData,
} from '../../machines/payment/paymentMachine';
import type { ContractItem, ContractsResponse } from '#shared/contract/payloads';
import type { DocumentRecord } from '#shared/document/payloads';
import type { Invoice, InvoiceStatusResponse } from '#shared/payment/payloads';
import type { FinancingStatus, PaymentType } from '#shared/payment/rules';
import type { Proposal } from '#shared/proposal/rules';
import type { StepStatus, StepType } from '../../src/shared/steps';
import { apiErrors } from './samples';

/**
 * Path model of the payment and contract screen (spec §2, §4 "Signing", "Financing status", "Move
 * to SUPPLY", §5 "Contract-data form", "Financing upload", "Homologation upload"): what the server
 * answers (nothing chosen; a buyer already in SUPPLY; a cash buyer before the contract data, with
 * the contracts unsigned, half signed, signed, with an open, cancelled or paid invoice, with every
 * condition met; a financing buyer whose status is each of the four, signed, or with everything
 * sent), and what the buyer does (the contract data empty or filled, the frame signed or left,
 * the invoice with the tab allowed or blocked, 'Já paguei', files fine or too large, 'Voltar').
 */

const PURCHASE = '33333333-3333-4333-8333-333333333333';
const PROCURATION = '44444444-4444-4444-8444-444444444444';
const contract = (type: ContractItem['type'], signed: boolean, id: string): ContractItem => ({
  id, type, name: type === 'POWER_OF_ATTORNEY' ? 'Procuração' : 'Contrato de compra', key: `key-${id}-0123456789abcdef`,
  url: `/sign/key-${id}?embedded=true&origin=http%3A%2F%2Fportal.test`, is_client_signed: signed, signed_at: signed ? '2026-11-25T10:00:00.000Z' : null,
  file_url: `/api/v1/portal/customers/contracts/${id}/file`,
});
const pair = (purchase: boolean, procuration: boolean) => [contract('PURCHASE_CONTRACT', purchase, PURCHASE), contract('POWER_OF_ATTORNEY', procuration, PROCURATION)];

const proposal: Proposal = {
  id: 42, type: 'FINAL', power_of_the_project: 4.4, final_value: 21_384, annual_production: 6_167, annual_savings: 4_708.34, payback: 54,
  pdf_link: null, structure_type: 'Telhado cerâmico', created_at: '2026-11-20T15:30:00Z', inverter_brand: 'Growatt', inverter_warranty: 10,
  inverter_power: 4, inverter_quantity: 1, module_brand: 'Canadian', module_warranty: 12, module_power: 550, module_quantity: 8, structure_warranty: 5,
};

const invoice = (status: Invoice['invoice_status']): Invoice => ({
  invoice_status: status, invoice_url: 'http://portal.test/api/v1/payments-sandbox/invoices/abcdefghijklmnop0123', total: 21_384, due_date: '2026-11-28',
  digitable_line: '23790.12345 60000.000003 00000.000000 1 99990002138400', pix_code: '00020126580014br.gov.bcb.pix0136abc', paid_at: status === 'PAID' ? '2026-11-26T12:00:00.000Z' : null,
});

const record = (type: DocumentRecord['type'], status: DocumentRecord['status'] = 'PENDING'): DocumentRecord => ({
  id: type.length, name: type, type, status, file_name: 'documento.png', has_back: false, justification: status === 'DENIED' ? 'Ilegível.' : null,
  created_at: '2026-11-26T13:00:00.000Z',
});

const lendingSteps = (last: [StepType, StepStatus][]) => [
  ...([['SIMULATION', 'APPROVED'], ['BILL', 'APPROVED'], ['PROPOSAL_INITIAL', 'APPROVED'], ['TECHNICAL_VISIT', 'APPROVED'], ['PROPOSAL_FINAL', 'APPROVED']] as [StepType, StepStatus][]),
  ...last,
].map(([type, status]) => ({ type, status }));

const page = (paymentType: PaymentType | null, over: Partial<PaymentPageData> = {}): PaymentPageData => ({
  customerId: 102, paymentType, steps: lendingSteps([['CONTRACT', 'NOT_DONE']]), proposal, contracts: [], frameOrigin: 'http://portal.test',
  invoice: null, financing: paymentType === 'FINANCING' ? 'NOT_REQUESTED' : null, documents: [], ...over,
});
const cash = (over: Partial<PaymentPageData> = {}) => page('CASH_PURCHASE', over);
const financing = (status: FinancingStatus, over: Partial<PaymentPageData> = {}) => page('FINANCING', { financing: status, ...over });
const threeDocuments = [record('PROOF_OF_ADDRESS'), record('PROOF_OF_INCOME'), record('DOCUMENT')];

const generated: ContractsResponse = { contracts: pair(false, false), terms_of_use: { contract_id: null, accepted_at: null }, frame_origin: 'http://portal.test' };
const statusOf = (i: Invoice | null): InvoiceStatusResponse => ({ invoice_status: i?.invoice_status ?? null, invoice: i });

/** what the machine reads of a chosen file: its name, size and type */
const file = (name: string, size: number, type = 'image/png'): Chosen => ({ name, size, type }) as unknown as Chosen;
const alreadySent = Object.assign(new Error('Não é possível seguir agora.'), { status: 409, body: { code: 4090, message: 'Não é possível seguir agora.', field: 'already_sent' } });

const inStep = (s: AnyMachineSnapshot, step: string) => s.matches({ page: { step } } as never);
/** files are offered where the screen shows the upload block: the documents step, or a financing buyer signing */
const uploadShown = (s: AnyMachineSnapshot) => inStep(s, 'documents') || ((s.context as PaymentContext).data?.paymentType === 'FINANCING' && inStep(s, 'signing'));

export const paymentPaths = definePathModel({
  name: 'payment',
  machine: paymentMachine,
  inputs: [sample('buyerToday', { today: new Date('2026-11-25T12:00:00.000Z') })],
  events: {
    'contractData.submit': [
      sample('empty', { type: 'contractData.submit', values: { occupation: '', marital_status: '', date_of_birth: '' } }),
      sample('filled', { type: 'contractData.submit', values: { occupation: 'Engenheira', marital_status: 'casado', date_of_birth: '29/02/1984' } }),
    ],
    'contract.open': [
      sample('purchase', { type: 'contract.open', contractId: PURCHASE }),
      sample('procuration', { type: 'contract.open', contractId: PROCURATION }),
    ],
    'invoice.create': [sample('tabOpened', { type: 'invoice.create', tabOpened: true }), sample('tabBlocked', { type: 'invoice.create', tabOpened: false })],
    'file.choose': (s) => {
      if (!uploadShown(s)) return [];
      const personal = [
        sample('personalDocument', { type: 'file.choose', field: 'document' as const, file: file('cnh.png', 900_000) }),
        sample('tooLarge', { type: 'file.choose', field: 'document' as const, file: file('cnh.png', 12_000_000) }),
      ];
      return (s.context as PaymentContext).data?.paymentType === 'FINANCING' ? [
        ...personal,
        sample('proofOfAddress', { type: 'file.choose', field: 'proof_of_address' as const, file: file('conta.pdf', 400_000, 'application/pdf') }),
        sample('proofOfIncome', { type: 'file.choose', field: 'proof_of_income' as const, file: file('holerite.pdf', 300_000, 'application/pdf') }),
      ] : personal;
    },
    // 'Tentar novamente' is offered after a failed load and after a refused move to SUPPLY
    'page.retry': (s) => (s.matches('loadFailed') || (s.context as PaymentContext).error === 'payment.supply.error' ? [sample('retry', { type: 'page.retry' })] : []),
    // the detail modal opens and closes the same anywhere on the page: opened at the first view of a buyer
    'details.open': (s) => (inStep(s, 'contractData') || inStep(s, 'notRequested') ? [sample('details', { type: 'details.open' })] : []),
    // 'Remover' is there once a file is chosen
    'file.remove': (s) => (uploadShown(s) && (s.context as PaymentContext).chosen.document ? [sample('personalDocument', { type: 'file.remove', field: 'document' as const })] : []),
  },
  actors: {
    loadPayment: {
      done: [
        sample('noChoice', page(null)),
        sample('inSupply', cash({ steps: lendingSteps([['CONTRACT', 'APPROVED'], ['SUPPLY', 'PENDING']]), contracts: pair(true, true), invoice: invoice('PAID'), documents: [record('DOCUMENT')] })),
        sample('cashNew', cash()),
        sample('cashUnsigned', cash({ contracts: pair(false, false) })),
        sample('cashSigned', cash({ contracts: pair(true, true) })),
        sample('cashInvoiceOpen', cash({ contracts: pair(true, true), invoice: invoice('PENDING') })),
        sample('cashInvoiceCanceled', cash({ contracts: pair(true, true), invoice: invoice('CANCELED') })),
        sample('cashPaid', cash({ contracts: pair(true, true), invoice: invoice('PAID') })),
        sample('cashReady', cash({ contracts: pair(true, true), invoice: invoice('PAID'), documents: [record('DOCUMENT')] })),
        sample('financingNotRequested', financing('NOT_REQUESTED')),
        sample('financingInEvaluation', financing('IN_EVALUATION')),
        sample('financingDenied', financing('DENIED')),
        sample('financingApproved', financing('APPROVED')),
        sample('financingSigned', financing('APPROVED', { contracts: pair(true, true) })),
        sample('financingReady', financing('APPROVED', { contracts: pair(true, true), documents: threeDocuments })),
      ],
      error: [sample('offline', apiErrors.offline)],
    },
    stepSupply: { done: [sample('moved', { data: [] })], error: [sample('offline', apiErrors.offline)] },
    createContracts: { done: [sample('generated', generated)], error: [sample('offline', apiErrors.offline)] },
    checkSigner: { done: [sample('signed', true), sample('notSigned', false)], error: [sample('offline', apiErrors.offline)] },
    createInvoice: { done: [sample('issued', invoice('PENDING'))], error: [sample('offline', apiErrors.offline)] },
    readInvoiceStatus: {
      done: [sample('paid', statusOf(invoice('PAID'))), sample('pending', statusOf(invoice('PENDING')))],
      error: [sample('offline', apiErrors.offline)],
    },
    sendDocuments: {
      done: [sample('sent', [record('DOCUMENT')])],
      error: [sample('offline', apiErrors.offline), sample('alreadySent', alreadySent)],
    },
  },
  context: (c: PaymentContext) => ({
    data: c.data && {
      type: c.data.paymentType, steps: c.data.steps.map((s) => `${s.type}:${s.status}`).join(','),
      contracts: c.data.contracts.map((x) => `${x.type}:${x.is_client_signed}`), invoice: c.data.invoice?.invoice_status ?? null,
      financing: c.data.financing, documents: c.data.documents.map((d) => `${d.type}:${d.status}`),
    },
    openId: c.openId,
    contractData: c.contractData !== null,
    contractDataErrors: Object.keys(c.contractDataErrors).length,
    chosen: Object.keys(c.chosen).filter((k) => c.chosen[k as keyof typeof c.chosen]).sort(),
    fileErrors: Object.keys(c.fileErrors).filter((k) => c.fileErrors[k as keyof typeof c.fileErrors]),
    error: c.error, notice: c.notice, tabBlocked: c.tabBlocked,
  }),
  checks: {
    'payment.page.step.signing.framing': (s) => ((s.context as PaymentContext).openId ? undefined : 'a frame without a contract'),
    'payment.page.step.documents.sending': (s) => (Object.values((s.context as PaymentContext).chosen).some(Boolean) ? undefined : 'sending without a file'),
    'payment.page.step.contractData.generating': (s) => ((s.context as PaymentContext).contractData ? undefined : 'generating without the contract data'),
  },
  // the simple paths run into the thousands (every load sample after every reload): the shortest ones reach every state and transition
  simplePathLimit: 0,
});
