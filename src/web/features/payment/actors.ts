import { fromPromise } from 'xstate';
import type { Chosen, PaymentPageData } from '#machines/payment/paymentMachine';
import type { ContractsResponse, CreateContractsRequest } from '#shared/contract/payloads';
import type { Invoice, InvoiceStatusResponse } from '#shared/payment/payloads';
import type { PurchaseDocumentField } from '#shared/payment/rules';
import { latestProposal } from '#shared/proposal/rules';
import type { DocumentRecord } from '#shared/document/payloads';
import type { Api } from '../../api/client';

/**
 * The financing machine's side effects against the API (spec §7 contracts, plans and payment):
 * the page's reads together, the cash invoice or the financing status by the payment type.
 */
export function paymentActors(getApi: () => Promise<Api>) {
  return {
    loadPayment: fromPromise<PaymentPageData>(async () => {
      const api = await getApi();
      const customer = await api.getCustomer();
      const buyer = customer.subscription_lending === 'LENDING' ? customer.payment_type : null;
      const [proposals, contracts, documents, invoice, financing] = await Promise.all([
        api.getProposals(customer.id),
        api.getContracts(),
        api.getDocuments(),
        buyer === 'CASH_PURCHASE' ? api.getInvoiceStatus().then((r) => r.invoice) : Promise.resolve(null),
        buyer === 'FINANCING' ? api.getClientLending().then((r) => r.status) : Promise.resolve(null),
      ]);
      return {
        customerId: customer.id, paymentType: buyer, steps: customer.steps, proposal: latestProposal(proposals, 'FINAL'),
        contracts: contracts.contracts, frameOrigin: contracts.frame_origin, invoice, financing, documents,
      };
    }),
    stepSupply: fromPromise<unknown>(async () => (await getApi()).stepSupply()),
    createContracts: fromPromise<ContractsResponse, CreateContractsRequest>(async ({ input }) => (await getApi()).createContracts(input)),
    checkSigner: fromPromise<boolean, { key: string }>(async ({ input }) => (await getApi()).checkSigner(input.key)),
    createInvoice: fromPromise<Invoice, { profileId: number }>(async ({ input }) => (await getApi()).createInvoice(input.profileId)),
    readInvoiceStatus: fromPromise<InvoiceStatusResponse>(async () => (await getApi()).getInvoiceStatus()),
    sendDocuments: fromPromise<DocumentRecord[], { files: { field: PurchaseDocumentField; file: Chosen; name: string }[] }>(
      async ({ input }) => (await getApi()).sendPurchaseDocuments(input.files),
    ),
  };
}
