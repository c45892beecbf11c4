import { assign, setup } from 'xstate';
import type { ContractItem, ContractsResponse, CreateContractsRequest } from '#shared/contract/payloads';
import { canSign, signingStep } from '#shared/contract/rules';
import type { DocumentRecord } from '#shared/document/payloads';
import { failureField, failureOf } from '#shared/failure';
import type { MessageKey } from '#shared/messages';
import { contractDataProblems, toCreateContracts, type ContractDataField, type ContractDataValues } from '#shared/payment/contractData';
import type { Invoice, InvoiceStatusResponse } from '#shared/payment/payloads';
import {
  financingUploadEnabled, invoiceMayBeIssued, maySupply, purchaseSignaturesOf, PURCHASE_DOCUMENT_FIELDS, purchaseDocumentFields, showsFinancing,
  type FinancingStatus, type PaymentType, type PurchaseDocumentField, type PurchaseSignatures, type SupplyFacts,
} from '#shared/payment/rules';
import type { Proposal } from '#shared/proposal/rules';
import { currentStep, type MenuStep } from '#shared/steps';
import { uploadProblem, type ChosenFile } from '#shared/upload';
import { notProvided } from '../notProvided';

/**
 * The payment and contract screen of a buyer (spec §2 "Payment and contract screen", §4 "Signing",
 * "Financing status", "Move to SUPPLY", "Financing upload", §5 "Contract-data form", "Financing
 * upload", "Homologation upload"): load the customer, the final proposal, the contracts, the
 * invoice or the financing status and the documents -> already in SUPPLY: 'Tudo pronto!'; every
 * condition of the move met (the shared rule on what was read): step_supply, then 'Tudo pronto!';
 * otherwise the page at the buyer's point. Cash: the contract data, the purchase contract and the
 * power of attorney signed in the frame, the invoice (boleto and Pix, opened in a new tab; 'Já
 * paguei' reads its status), then 'Pagamento confirmado, mas...' and the personal document for the
 * homologation. Financing: the status card (NOT_REQUESTED, IN_EVALUATION, DENIED), and once
 * APPROVED the contract data, the signatures and the three documents. 'Voltar' clears the stored
 * payment type and goes to the final proposal until the purchase contract is signed. The server
 * decides every move again; side effects are the named actors and actions, provided at the edge.
 */

/** A chosen file: the browser's File travels as is (the machine reads only its name, size and type). */
export type Chosen = ChosenFile & Blob;

export interface PaymentPageData {
  customerId: number;
  /** the payment type the server recorded (null: nothing chosen yet) */
  paymentType: PaymentType | null;
  steps: Pick<MenuStep, 'type' | 'status'>[];
  /** the FINAL proposal being bought (the header cards and the detail modal) */
  proposal: Proposal | null;
  /** the purchase contract and the power of attorney, once generated */
  contracts: ContractItem[];
  /** the origin whose 'signed' message the frame posts */
  frameOrigin: string;
  /** cash: the invoice, once issued */
  invoice: Invoice | null;
  /** financing: the bank's status as staff set it */
  financing: FinancingStatus | null;
  documents: DocumentRecord[];
}

export interface PaymentInput {
  /** the customer's day (the birth date may not be in the future) */
  today: Date;
}

export interface PaymentContext {
  today: Date;
  data: PaymentPageData | null;
  /** the contract in the signing frame */
  openId: string | null;
  /** the contract data as sent (kept while the contracts are generated) */
  contractData: ContractDataValues | null;
  contractDataErrors: Partial<Record<ContractDataField, MessageKey>>;
  chosen: Partial<Record<PurchaseDocumentField, Chosen>>;
  fileErrors: Partial<Record<PurchaseDocumentField, MessageKey>>;
  /** the last failure or refusal, shown where it happened */
  error: MessageKey | null;
  /** a word that is not a failure ('Ainda não recebemos a confirmação do pagamento.') */
  notice: MessageKey | null;
  /** the browser refused the new tab: the invoice opens from its visible link */
  tabBlocked: boolean;
}

export type PaymentEvent =
  | { type: 'page.retry' }
  | { type: 'payment.back' }
  | { type: 'details.open' }
  | { type: 'details.close' }
  | { type: 'contractData.open' }
  | { type: 'contractData.submit'; values: ContractDataValues }
  | { type: 'contractData.cancel' }
  | { type: 'contract.open'; contractId: string }
  | { type: 'frame.signed' }
  | { type: 'frame.close' }
  /** 'Gerar fatura': the screen opened a blank tab in the click (false: the browser blocked it) */
  | { type: 'invoice.create'; tabOpened: boolean }
  /** 'Já paguei' */
  | { type: 'invoice.refresh' }
  | { type: 'file.choose'; field: PurchaseDocumentField; file: Chosen }
  | { type: 'file.remove'; field: PurchaseDocumentField }
  | { type: 'documents.submit' };

// ---- what the page read, as the shared rules want it -------------------------------------------

/** spec §4 "Signing": type T the purchase contract, type P the power of attorney */
export const signaturesOf = (d: PaymentPageData | null): PurchaseSignatures => purchaseSignaturesOf(d?.contracts ?? []);
const sentOk = (d: PaymentPageData, type: string) => d.documents.some((x) => x.type === type && x.status !== 'DENIED');

/** The client's copy of the facts the server reads for the move to SUPPLY (it decides again). */
export function supplyFactsOf(d: PaymentPageData): SupplyFacts {
  return {
    paymentType: d.paymentType,
    purchaseContractSigned: signaturesOf(d).contractSigned,
    invoicePaid: d.invoice?.invoice_status === 'PAID',
    documentSent: sentOk(d, PURCHASE_DOCUMENT_FIELDS.document),
    proofOfAddressSent: sentOk(d, PURCHASE_DOCUMENT_FIELDS.proof_of_address),
    proofOfIncomeSent: sentOk(d, PURCHASE_DOCUMENT_FIELDS.proof_of_income),
    financingStatus: d.paymentType === 'FINANCING' ? d.financing ?? 'NOT_REQUESTED' : null,
  };
}

/** The purchase documents still to send: the payment type's fields not sent yet (or denied). */
export function documentsToSend(d: PaymentPageData | null): PurchaseDocumentField[] {
  if (!d?.paymentType) return [];
  return purchaseDocumentFields(d.paymentType).filter((f) => !sentOk(d, PURCHASE_DOCUMENT_FIELDS[f]));
}

/** The status card's status while the financing screen shows (spec §2: FINANCING and not SUPPLY), else null. */
export function financingCard(d: PaymentPageData | null): FinancingStatus | null {
  if (!d || !showsFinancing(d.paymentType, currentStep(d.steps))) return null;
  return d.financing ?? 'NOT_REQUESTED';
}

/** The invoice can be issued now: both signatures and no open or paid invoice (a cancelled or expired one is replaced). */
const invoiceOpen = (d: PaymentPageData | null) => d?.invoice?.invoice_status === 'PENDING' || d?.invoice?.invoice_status === 'PAID';

const opened = (c: PaymentContext): ContractItem | undefined => c.data?.contracts.find((x) => x.id === c.openId);
const withOpenSigned = (c: PaymentContext): ContractItem[] =>
  (c.data?.contracts ?? []).map((x) => (x.id === c.openId ? { ...x, is_client_signed: true } : x));

const financingIs = (status: FinancingStatus) => ({ context }: { context: PaymentContext }) => financingCard(context.data) === status;

export const paymentMachine = setup({
  types: { context: {} as PaymentContext, events: {} as PaymentEvent, input: {} as PaymentInput },
  actors: {
    /** GET /portal/customers, portal/customers/{id}/proposal, /portal/customers/contracts, /portal/customers/documents and the invoice status (cash) or client_lending (financing) */
    loadPayment: notProvided<PaymentPageData>('loadPayment'),
    /** PATCH /portal/customers/step_supply */
    stepSupply: notProvided<unknown>('stepSupply'),
    /** POST portal/customers/create_contracts */
    createContracts: notProvided<ContractsResponse, CreateContractsRequest>('createContracts'),
    /** GET portal/check_signers/{key} */
    checkSigner: notProvided<boolean, { key: string }>('checkSigner'),
    /** PATCH portal/customers/create/{profileId}/invoice */
    createInvoice: notProvided<Invoice, { profileId: number }>('createInvoice'),
    /** GET /portal/customer/invoice_status */
    readInvoiceStatus: notProvided<InvoiceStatusResponse>('readInvoiceStatus'),
    /** POST /portal/customers/documents/proposal */
    sendDocuments: notProvided<DocumentRecord[], { files: { field: PurchaseDocumentField; file: Chosen; name: string }[] }>('sendDocuments'),
  },
  actions: {
    /** the process moved (a signature, SUPPLY): the side navigation reloads its steps */
    menuChanged: () => {},
    notifySuccess: (_, _params: { key: MessageKey }) => {},
    notifyError: (_, _params: { key: MessageKey }) => {},
    /** 'Contratos gerados!', closing after 2 s (spec §7) */
    notifyContractsGenerated: () => {},
    /** local storage 'paymentType' is removed (spec §2 'Voltar') */
    clearPaymentType: () => {},
    /** the journey goes to /pt/proposal-final */
    goToProposalFinal: () => {},
    /** the tab opened in the click goes to the invoice's page (spec §7: invoice_url in a new tab) */
    openInvoiceTab: (_, _params: { url: string }) => {},
    /** the call failed: the blank tab opened in the click is closed */
    discardInvoiceTab: () => {},
    startFrom: assign(({ event }) => ({
      data: (event as { output?: PaymentPageData }).output ?? null,
      openId: null, contractData: null, contractDataErrors: {}, chosen: {}, fileErrors: {}, error: null, notice: null, tabBlocked: false,
    })),
    markOpenSigned: assign({ data: ({ context }) => context.data && { ...context.data, contracts: withOpenSigned(context) }, openId: null }),
    keepContractData: assign({
      contractData: ({ event }) => (event.type === 'contractData.submit' ? event.values : null),
      contractDataErrors: {},
      error: null,
    }),
    refuseContractData: assign({
      contractDataErrors: ({ context, event }) => (event.type === 'contractData.submit' ? contractDataProblems(event.values, context.today) : {}),
    }),
    chooseFile: assign({
      chosen: ({ context, event }) => (event.type === 'file.choose' ? { ...context.chosen, [event.field]: event.file } : context.chosen),
      fileErrors: ({ context, event }) => (event.type === 'file.choose' ? { ...context.fileErrors, [event.field]: undefined } : context.fileErrors),
      error: null,
    }),
    refuseFile: assign({
      fileErrors: ({ context, event }) => (event.type === 'file.choose' ? { ...context.fileErrors, [event.field]: uploadProblem(event.file) ?? undefined } : context.fileErrors),
    }),
    keepInvoice: assign({
      data: ({ context, event }) => {
        const output = (event as { output?: Invoice | InvoiceStatusResponse }).output;
        const invoice = output && 'invoice_url' in output ? output : output?.invoice ?? null;
        return context.data && { ...context.data, invoice };
      },
    }),
  },
  guards: {
    /** the process is in SUPPLY or past it (the steps list holds the steps reached) */
    reachedSupply: ({ context }) => context.data?.steps.some((s) => s.type === 'SUPPLY') ?? false,
    /** spec §4 "Move to SUPPLY", on what the page read */
    maySupplyNow: ({ context }) => context.data !== null && maySupply(supplyFactsOf(context.data)),
    noPaymentType: ({ context }) => !context.data?.paymentType,
    financingNotRequested: financingIs('NOT_REQUESTED'),
    financingInEvaluation: financingIs('IN_EVALUATION'),
    financingDenied: financingIs('DENIED'),
    noContracts: ({ context }) => (context.data?.contracts.length ?? 0) === 0,
    signaturesMissing: ({ context }) => !financingUploadEnabled(signaturesOf(context.data)),
    /** cash: the invoice is not paid yet */
    invoiceUnpaid: ({ context }) => context.data?.paymentType === 'CASH_PURCHASE' && context.data.invoice?.invoice_status !== 'PAID',
    /** 'Voltar' until the purchase contract is signed (then the payment type is fixed) */
    mayGoBack: ({ context }) => context.data !== null && !signaturesOf(context.data).contractSigned,
    contractDataValid: ({ context, event }) =>
      event.type === 'contractData.submit' && Object.keys(contractDataProblems(event.values, context.today)).length === 0,
    /** spec §4: the power of attorney only after the purchase contract; a signed one does not open again */
    canOpen: ({ context, event }) => {
      if (event.type !== 'contract.open' || !context.data) return false;
      const target = context.data.contracts.find((x) => x.id === event.contractId);
      return target !== undefined && canSign(context.data.contracts, target.type);
    },
    bothSignedNow: ({ context, event }) => {
      if (!('output' in event) || event.output !== true || !context.data) return false;
      return signingStep(context.data.contracts) < 2 && signingStep(withOpenSigned(context)) === 2;
    },
    signedNow: ({ event }) => 'output' in event && event.output === true,
    invoiceMayBeCreated: ({ context }) => invoiceMayBeIssued(signaturesOf(context.data)) && !invoiceOpen(context.data),
    hasOpenInvoice: ({ context }) => context.data?.invoice?.invoice_status === 'PENDING',
    paidNow: ({ event }) => (event as { output?: InvoiceStatusResponse }).output?.invoice_status === 'PAID',
    fileAcceptable: ({ event }) => event.type === 'file.choose' && uploadProblem(event.file) === null,
    /** spec §5 "Homologation upload": 'Arquivo já encaminhado!' */
    documentsAlreadySent: ({ context }) => documentsToSend(context.data).length === 0,
    documentsChosen: ({ context }) => documentsToSend(context.data).every((f) => context.chosen[f] !== undefined),
    isCash: ({ context }) => context.data?.paymentType === 'CASH_PURCHASE',
    refusedAsAlreadySent: ({ event }) => failureField((event as { error?: unknown }).error) === 'already_sent',
  },
}).createMachine({
  id: 'payment',
  description: 'The payment screen of a buyer: cash (contract, invoice, homologation document) or financing (status, contract, documents), then SUPPLY.',
  context: ({ input }) => ({
    today: input.today, data: null, openId: null, contractData: null, contractDataErrors: {}, chosen: {}, fileErrors: {}, error: null, notice: null,
    tabBlocked: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPayment',
        // what was read replaces what the page held: nothing half-done survives a reload
        onDone: { target: 'deciding', actions: 'startFrom' },
        onError: 'loadFailed',
      },
    },
    loadFailed: { description: "'Não foi possível carregar o pagamento.' with a retry.", on: { 'page.retry': 'loading' } },
    deciding: {
      always: [
        { guard: 'reachedSupply', target: 'supply' },
        { guard: 'maySupplyNow', target: 'supplying' },
        { target: 'page' },
      ],
    },
    supplying: {
      description: 'Every condition met: step_supply (the server checks them again).',
      invoke: {
        src: 'stepSupply',
        onDone: { target: 'supply', actions: 'menuChanged' },
        onError: { target: 'page', actions: [assign({ error: 'payment.supply.error' }), { type: 'notifyError', params: { key: 'payment.supply.error' } }] },
      },
    },
    supply: {
      type: 'final',
      description: "'Tudo pronto!', 'Parabéns por adquirir seu sistema solar!', 'Agora é só esperar a entrega e instalação de seu kit!'",
    },
    leaving: { type: 'final', description: "'Voltar': on to the final proposal, the payment type cleared." },
    page: {
      type: 'parallel',
      description: 'The header cards, the equipment and the buyer\'s point; \'Voltar\' until the purchase contract is signed.',
      on: {
        'payment.back': { guard: 'mayGoBack', target: 'leaving', actions: ['clearPaymentType', 'goToProposalFinal'] },
        'page.retry': { target: 'loading', actions: assign({ error: null, notice: null }) },
      },
      states: {
        step: {
          initial: 'routing',
          on: {
            'file.choose': [{ guard: 'fileAcceptable', actions: 'chooseFile' }, { actions: 'refuseFile' }],
            'file.remove': { actions: assign({ chosen: ({ context, event }) => ({ ...context.chosen, [event.field]: undefined }) }) },
          },
          states: {
            routing: {
              always: [
                { guard: 'noPaymentType', target: 'noChoice' },
                { guard: 'financingNotRequested', target: 'notRequested' },
                { guard: 'financingInEvaluation', target: 'inEvaluation' },
                { guard: 'financingDenied', target: 'denied' },
                { guard: 'noContracts', target: 'contractData' },
                { guard: 'signaturesMissing', target: 'signing' },
                { guard: 'invoiceUnpaid', target: 'invoice' },
                { target: 'documents' },
              ],
            },
            noChoice: { description: 'No payment type recorded: the way back to the final proposal.' },
            notRequested: { description: "'Solicitando financiamento': a specialist will make contact soon." },
            inEvaluation: { description: "'Aguarde': the conditions are being simulated with the partner banks." },
            denied: { description: "'Financiamento reprovado', 'Seu financiamento não foi aprovado no momento!'" },
            contractData: {
              description: 'The contract-data modal (occupation, marital status, birth date), then create_contracts.',
              initial: 'idle',
              states: {
                idle: { on: { 'contractData.open': { target: 'form', actions: assign({ contractDataErrors: {}, error: null }) } } },
                form: {
                  description: "Validated on submit only: 'Required' under each empty field.",
                  on: {
                    'contractData.submit': [
                      { guard: 'contractDataValid', target: 'generating', actions: 'keepContractData' },
                      { actions: 'refuseContractData' },
                    ],
                    'contractData.cancel': 'idle',
                  },
                },
                generating: {
                  invoke: {
                    src: 'createContracts',
                    input: ({ context }) => toCreateContracts(context.contractData!) as CreateContractsRequest,
                    // spec §7: 'Contratos gerados!' (2 s), then the page reloads
                    onDone: { target: '#payment.loading', actions: 'notifyContractsGenerated' },
                    onError: {
                      target: 'form',
                      actions: [assign({ error: 'contract.generate.error' }), { type: 'notifyError', params: { key: 'contract.generate.error' } }],
                    },
                  },
                },
              },
            },
            signing: {
              description: 'The purchase contract, then the power of attorney, each in the signing frame (580 px high) and re-checked on the server.',
              initial: 'idle',
              states: {
                idle: { on: { 'contract.open': { guard: 'canOpen', target: 'framing', actions: assign({ openId: ({ event }) => event.contractId, error: null }) } } },
                framing: {
                  description: "'Sair' only closes the frame; its 'signed' message closes it too; either way the server is asked.",
                  on: { 'frame.signed': 'checking', 'frame.close': 'checking' },
                },
                checking: {
                  invoke: {
                    src: 'checkSigner',
                    input: ({ context }) => ({ key: opened(context)?.key ?? '' }),
                    onDone: [
                      {
                        guard: 'bothSignedNow',
                        target: '#payment.page.step.routing',
                        actions: ['markOpenSigned', { type: 'notifySuccess', params: { key: 'payment.contracts.done' } }, 'menuChanged'],
                      },
                      { guard: 'signedNow', target: 'idle', actions: ['markOpenSigned', 'menuChanged'] },
                      { target: 'idle', actions: assign({ openId: null }) },
                    ],
                    onError: {
                      target: 'idle',
                      actions: [assign({ openId: null, error: 'contract.check.error' }), { type: 'notifyError', params: { key: 'contract.check.error' } }],
                    },
                  },
                },
              },
            },
            invoice: {
              description: 'Cash: the invoice (boleto and Pix) for the final proposal, opened in a new tab; \'Já paguei\' reads its status.',
              initial: 'idle',
              states: {
                idle: {
                  on: {
                    'invoice.create': {
                      guard: 'invoiceMayBeCreated',
                      target: 'creating',
                      actions: assign({ tabBlocked: ({ event }) => !event.tabOpened, error: null, notice: null }),
                    },
                    'invoice.refresh': { guard: 'hasOpenInvoice', target: 'checking', actions: assign({ error: null, notice: null }) },
                  },
                },
                creating: {
                  invoke: {
                    src: 'createInvoice',
                    input: ({ context }) => ({ profileId: context.data?.customerId ?? 0 }),
                    onDone: {
                      target: 'idle',
                      actions: ['keepInvoice', { type: 'openInvoiceTab', params: ({ event }) => ({ url: event.output.invoice_url }) }],
                    },
                    onError: {
                      target: 'idle',
                      actions: [
                        'discardInvoiceTab',
                        assign({ error: ({ event }) => failureOf(event.error, 'payment.invoice.error').key, tabBlocked: false }),
                        { type: 'notifyError', params: { key: 'payment.invoice.error' } },
                      ],
                    },
                  },
                },
                checking: {
                  invoke: {
                    src: 'readInvoiceStatus',
                    onDone: [
                      // paid: on to the homologation document
                      { guard: 'paidNow', target: '#payment.page.step.routing', actions: 'keepInvoice' },
                      { target: 'idle', actions: ['keepInvoice', assign({ notice: 'payment.invoice.notPaidYet' })] },
                    ],
                    onError: { target: 'idle', actions: assign({ error: 'payment.invoice.statusError' }) },
                  },
                },
              },
            },
            documents: {
              description: "Cash: 'Pagamento confirmado, mas...' and the personal photo document; financing: proof of address, proof of income and the personal document, all at once.",
              initial: 'idle',
              states: {
                idle: {
                  on: {
                    'documents.submit': [
                      { guard: 'documentsAlreadySent', actions: [assign({ error: 'payment.homologation.alreadySent' }), { type: 'notifyError', params: { key: 'payment.homologation.alreadySent' } }] },
                      { guard: 'documentsChosen', target: 'sending', actions: assign({ error: null }) },
                      // spec §5: 'Insira o documento necessário!' / 'Insira todos os documentos necessários!'
                      { guard: 'isCash', actions: assign({ error: 'payment.homologation.required' }) },
                      { actions: assign({ error: 'document.required.all' }) },
                    ],
                  },
                },
                sending: {
                  invoke: {
                    src: 'sendDocuments',
                    input: ({ context }) => ({
                      files: documentsToSend(context.data).flatMap((field) => {
                        const file = context.chosen[field];
                        return file ? [{ field, file, name: file.name }] : [];
                      }),
                    }),
                    // spec §4: 'Documentos enviados com sucesso!', then the page reloads
                    onDone: {
                      target: '#payment.loading',
                      actions: [assign({ chosen: {}, fileErrors: {} }), { type: 'notifySuccess', params: { key: 'financing.upload.success' } }],
                    },
                    onError: [
                      {
                        guard: 'refusedAsAlreadySent',
                        target: 'idle',
                        actions: [assign({ error: 'payment.homologation.alreadySent' }), { type: 'notifyError', params: { key: 'payment.homologation.alreadySent' } }],
                      },
                      {
                        target: 'idle',
                        // nothing is lost: the chosen files stay for another try
                        actions: [assign({ error: ({ event }) => failureOf(event.error, 'bill.upload.error').key }), { type: 'notifyError', params: { key: 'bill.upload.error' } }],
                      },
                    ],
                  },
                },
              },
            },
          },
        },
        details: {
          description: 'The proposal detail modal: equipment details and benefits.',
          initial: 'closed',
          states: {
            closed: { on: { 'details.open': 'open' } },
            open: { on: { 'details.close': 'closed' } },
          },
        },
      },
    },
  },
});

/** Whether the machine sits in the state where the upload block takes files (financing approved, or cash paid). */
export const uploadsShown = (data: PaymentPageData | null): boolean =>
  (data?.paymentType === 'FINANCING' && financingCard(data) === 'APPROVED') || (data?.paymentType === 'CASH_PURCHASE' && data.invoice?.invoice_status === 'PAID');
