// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://portal.test/pt/payment", "settings": { "disableIframePageLoading": true } }
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaymentFlow, type OpenTab } from '../../src/web/features/payment/PaymentScreen';
import { createApi } from '../../src/web/api/client';
import { messages as m } from '../../src/shared/messages';
import { PARTNER_BANKS } from '../../src/shared/payment/rules';
import type { PaymentContext } from '../../machines/payment/paymentMachine';
import { createTestServer, type TestServer } from '../support/server';
import { call, customerAtPayment, customerAtPlanChoice, lastCode, newAddress } from '../support/flows';
import { fixture } from '../support/uploads';
import type { TestPath } from './engine';
import { describeScreenPaths, stepLabel as label, stepLabels as labels } from './screenPaths';
import { paymentPaths } from './payment.paths';

/**
 * The financing machine's shortest paths against the real payment screen: PaymentFlow in happy-dom,
 * its calls served in process by the Hono app on PGlite, for buyers made through the same calls
 * (the final proposal approved with cash or financing; staff set the financing status and mark the
 * invoice paid through the admin API; contracts signed on the signing page's own calls, as the
 * frame would). The invoice's new tab is a stand-in that records where it was sent.
 */

configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
beforeAll(async () => { server = await createTestServer(); });
afterAll(async () => { await server?.close(); });
afterEach(() => { cleanup(); localStorage.clear(); });

type Cut = 'load' | 'supply' | 'contracts' | 'check' | 'invoice' | 'status' | 'documents';
const cutOf = (request: Request): Cut | null => {
  const url = new URL(request.url).pathname;
  if (url.includes('/check_signers/')) return 'check';
  if (url.endsWith('/step_supply')) return 'supply';
  if (url.endsWith('/create_contracts')) return 'contracts';
  if (url.endsWith('/invoice') && request.method === 'PATCH') return 'invoice';
  if (url.endsWith('/invoice_status')) return 'status';
  if (url.endsWith('/documents/proposal')) return 'documents';
  if (request.method === 'GET' && url.endsWith('/portal/customers')) return 'load';
  return null;
};

interface Customer { id: number; token: string; phone: string; staffToken: string; contracts: { id: string; type: string; key: string }[] }
interface Run {
  user: ReturnType<typeof userEvent.setup>; cuts: Set<Cut>; went: string[]; customer: Customer | null;
  /** where the invoice's tab was sent; how many tabs were closed; whether the browser blocks the next one */
  tabs: string[]; closed: number; blockTab: boolean;
}

function notDrivable(path: TestPath): string | null {
  const loads = labels(path).filter((t) => t.startsWith('loadPayment resolves'));
  if (new Set(loads).size > 1) return 'one buyer answers every load the same';
  return null;
}

// ---- buyers made through the calls the screens and staff make ----------------------------------

const secret = () => `screen-path-secret-${Math.random().toString(36).slice(2)}-0123456789`;
async function signOnPage(c: Customer, key: string): Promise<void> {
  const page = secret();
  const post = (path: string, body: unknown) => server.fetch(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress() } });
  const [before] = await server.readOutbox(c.phone);
  const sent = await post(`/sign/${key}/code`, { secret: page });
  if (sent.status !== 202) throw new Error(`code: ${sent.status}`);
  let code = await lastCode(server, c.phone);
  for (let i = 0; i < 20 && code === before?.code; i++) code = await lastCode(server, c.phone);
  const signed = await post(`/sign/${key}`, { secret: page, code, consent: true });
  if (signed.status !== 201) throw new Error(`sign: ${signed.status} ${await signed.text()}`);
}
const keyOf = (c: Customer, type: string) => c.contracts.find((x) => x.type === type)!.key;
async function signBoth(c: Customer): Promise<void> {
  await signOnPage(c, keyOf(c, 'PURCHASE_CONTRACT'));
  await signOnPage(c, keyOf(c, 'POWER_OF_ATTORNEY'));
}
async function expect2xx(what: string, r: Promise<{ status: number; body: unknown }>): Promise<void> {
  const answer = await r;
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
}
const issueInvoice = (c: Customer) => expect2xx('invoice', call(server, 'PATCH', `/portal/customers/create/${c.id}/invoice`, undefined, { token: c.token }));
const markPaid = (c: Customer) => expect2xx('paid', call(server, 'PUT', `/admin/customers/${c.id}/invoice`, { invoice_status: 'PAID' }, { token: c.staffToken }));
const setFinancing = (c: Customer, status: string) => expect2xx(`financing ${status}`, call(server, 'PUT', `/admin/customers/${c.id}/financing`, { status }, { token: c.staffToken }));
async function sendDocuments(c: Customer, fields: string[]): Promise<void> {
  const form = new FormData();
  for (const field of fields) form.append(field, new Blob([Buffer.from(fixture('photo-bill.png'))], { type: 'image/png' }), `${field}.png`);
  const res = await server.fetch('/api/v1/portal/customers/documents/proposal', {
    method: 'POST', body: form, headers: { Authorization: `Bearer ${c.token}`, 'X-Forwarded-For': newAddress() },
  });
  if (res.status !== 201) throw new Error(`documents: ${res.status} ${await res.text()}`);
}

async function customerFor(path: TestPath): Promise<Customer> {
  const first = /loadPayment resolves \((\w+)\)/.exec(labels(path).find((t) => t.startsWith('loadPayment')) ?? '')?.[1] ?? 'cashNew';
  if (first === 'noChoice' || labels(path)[0]?.startsWith('loadPayment fails')) {
    // a subscription customer at the plan choice: nothing bought
    return { ...(await customerAtPlanChoice(server, { over: { bill: 600 } })), staffToken: '', contracts: [] };
  }
  const financing = first.startsWith('financing');
  const withContracts = !['cashNew', 'financingNotRequested', 'financingInEvaluation', 'financingDenied', 'financingApproved'].includes(first);
  const c: Customer = await customerAtPayment(server, financing ? 'FINANCING' : 'CASH_PURCHASE', { contracts: withContracts });
  if (first === 'financingInEvaluation') await setFinancing(c, 'IN_EVALUATION');
  if (first === 'financingDenied') await setFinancing(c, 'DENIED');
  if (first === 'financingApproved') await setFinancing(c, 'APPROVED');
  if (['cashSigned', 'cashInvoiceOpen', 'cashInvoiceCanceled', 'cashPaid', 'cashReady', 'inSupply', 'financingSigned', 'financingReady'].includes(first)) await signBoth(c);
  if (['cashInvoiceOpen', 'cashInvoiceCanceled', 'cashPaid', 'cashReady', 'inSupply'].includes(first)) await issueInvoice(c);
  if (first === 'cashInvoiceCanceled') await expect2xx('canceled', call(server, 'PUT', `/admin/customers/${c.id}/invoice`, { invoice_status: 'CANCELED' }, { token: c.staffToken }));
  if (['cashPaid', 'cashReady', 'inSupply'].includes(first)) await markPaid(c);
  if (['cashReady', 'inSupply'].includes(first)) await sendDocuments(c, ['document']);
  if (first === 'financingReady') await sendDocuments(c, ['proof_of_address', 'proof_of_income', 'document']);
  if (first === 'inSupply') await expect2xx('supply', call(server, 'PATCH', '/portal/customers/step_supply', undefined, { token: c.token }));
  return c;
}

// ---- what the customer does -----------------------------------------------------------------------

const frameOf = () => document.querySelector('iframe');
const state = (path: TestPath, i: number) => path.steps[Math.max(0, i)]!.state;
const ctx = (path: TestPath, i: number) => state(path, i).context as PaymentContext;
const button = (name: string) => screen.findByRole('button', { name });
const FILES: Record<string, { field: string; file: () => File }> = {
  personalDocument: { field: 'document', file: () => new File([Buffer.from(fixture('photo-bill.png'))], 'cnh.png', { type: 'image/png' }) },
  proofOfAddress: { field: 'proof_of_address', file: () => new File([Buffer.from(fixture('photo-bill.png'))], 'conta.png', { type: 'image/png' }) },
  proofOfIncome: { field: 'proof_of_income', file: () => new File([Buffer.from(fixture('photo-bill.png'))], 'holerite.png', { type: 'image/png' }) },
  tooLarge: { field: 'document', file: () => new File([new Uint8Array(12_000_000)], 'cnh.png', { type: 'image/png' }) },
};
const fieldLabel = (path: TestPath, i: number, field: string) => {
  const financing = ctx(path, i).data?.paymentType === 'FINANCING';
  const key = field === 'proof_of_address' ? 'financing.upload.proofOfAddress' : field === 'proof_of_income' ? 'financing.upload.proofOfIncome'
    : financing ? 'financing.upload.document' : 'payment.homologation.document';
  return `${m[key]} *`;
};
const submitName = (path: TestPath, i: number) => (ctx(path, i).data?.paymentType === 'FINANCING' ? m['financing.upload.submit'] : m['payment.homologation.submit']);

async function step(run: Run, path: TestPath, i: number): Promise<void> {
  const text = label(path, i);
  const next = labels(path)[i + 1] ?? '';
  const { user } = run;
  const c = run.customer!;
  if (text === 'payment.back') {
    await user.click(await button(ctx(path, i - 1).data?.paymentType ? m['payment.back'] : m['payment.toProposal']));
  } else if (text.startsWith('details.open')) await user.click(await button(m['payment.details']));
  else if (text === 'details.close') await user.click(await button(m['proposal.details.close']));
  else if (text === 'contractData.open') await user.click(await button(m['payment.contractData.open']));
  else if (text === 'contractData.cancel') await user.click(await button(m['payment.contractData.cancel']));
  else if (text.startsWith('contractData.submit')) {
    const dialog = await screen.findByRole('dialog', { name: m['payment.contractData.title'] });
    if (text.includes('filled')) {
      await user.type(within(dialog).getByRole('textbox', { name: m['consumer.occupation'] }), 'Engenheira');
      await user.click(within(dialog).getByRole('button', { name: new RegExp(m['consumer.marital']) }));
      await user.click(await screen.findByRole('option', { name: m['consumer.marital.casado'] }));
      await user.type(within(dialog).getByRole('textbox', { name: m['consumer.birth'] }), '29021984');
      if ((within(dialog).getByRole('textbox', { name: m['consumer.birth'] }) as HTMLInputElement).value !== '29/02/1984') throw new Error('the birth date is not masked dd/mm/aaaa');
    }
    await user.click(within(dialog).getByRole('button', { name: m['payment.contractData.submit'] }));
  } else if (text.startsWith('contract.open')) {
    const name = text.includes('procuration') ? m['payment.contract.procuration'] : m['payment.contract.purchase'];
    await user.click(await button(`${m['payment.contract.sign']}: ${name}`));
  } else if (text === 'frame.signed' || text === 'frame.close') {
    const frame = await waitFor(() => { const f = frameOf(); if (!f) throw new Error('no frame'); return f; });
    const key = c.contracts.find((x) => frame.getAttribute('src')?.includes(x.key))!.key;
    // the page signs (the server records it) before the frame tells its parent; a forged 'signed' is re-checked and refused
    if (next.startsWith('checkSigner resolves (signed)') || (text === 'frame.signed' && next.startsWith('checkSigner fails'))) await signOnPage(c, key);
    if (text === 'frame.signed') {
      await act(async () => {
        window.dispatchEvent(new MessageEvent('message', { data: 'signed', origin: 'http://portal.test', source: frame.contentWindow as Window }));
      });
    } else await user.click(await button(m['payment.signing.close']));
  } else if (text.startsWith('invoice.create')) {
    run.blockTab = text.includes('tabBlocked');
    await user.click(await button(m['payment.invoice.create']));
  } else if (text === 'invoice.refresh') {
    if (next.startsWith('readInvoiceStatus resolves (paid)')) await markPaid(c);
    await user.click(await button(m['payment.invoice.refresh']));
  } else if (text.startsWith('file.choose')) {
    const chosen = FILES[/\((\w+)\)/.exec(text)![1]!]!;
    const group = await screen.findByRole('group', { name: fieldLabel(path, i - 1, chosen.field) });
    await user.upload(group.querySelector('input[type=file]') as HTMLInputElement, chosen.file());
  } else if (text.startsWith('file.remove')) await user.click(await button('Remover cnh.png'));
  else if (text === 'documents.submit') {
    if (next.startsWith('sendDocuments fails (alreadySent)')) await sendDocuments(c, ['document']);
    await user.click(await button(submitName(path, i - 1)));
  } else if (text.startsWith('page.retry')) await user.click(await button(m['payment.retry']));
}

// ---- what the screen must show -----------------------------------------------------------------

const disabled = (el: HTMLElement) => el.hasAttribute('disabled') || el.getAttribute('aria-disabled') === 'true';
const TITLE = { CASH_PURCHASE: m['payment.title.cash'], FINANCING: m['payment.title.financing'] } as const;

async function shows(run: Run, path: TestPath, i: number): Promise<void> {
  const st = state(path, i);
  const c = st.context as PaymentContext;
  const text = label(path, i);
  const inStep = (step: string, sub?: string) => st.matches({ page: { step: sub ? { [step]: sub } : step } } as never);
  await waitFor(() => {
    if (['loading', 'deciding', 'supplying'].some((s) => st.matches(s))) return;
    if (['creating', 'checking', 'sending', 'generating'].some((sub) => ['invoice', 'signing', 'documents', 'contractData'].some((step) => inStep(step, sub)))) return;
    if (st.matches('loadFailed')) { screen.getByText(m['payment.load.error']); return; }
    if (st.matches('leaving')) {
      if (run.went.at(-1) !== '/proposal-final') throw new Error(`went to ${JSON.stringify(run.went)}, not /proposal-final`);
      if (localStorage.getItem('paymentType') !== null) throw new Error("'Voltar' left the payment type stored");
      return;
    }
    if (st.matches('supply')) {
      screen.getByRole('heading', { level: 1, name: m['payment.supply.title'] });
      screen.getByText(m['payment.supply.congrats']);
      screen.getByText(m['payment.supply.wait']);
      return;
    }
    const data = c.data!;
    screen.getByRole('heading', { level: 1, name: data.paymentType ? TITLE[data.paymentType] : 'Pagamento' });
    // 'Voltar' until the purchase contract is signed
    const back = screen.queryByRole('button', { name: m['payment.back'] });
    const mayGoBack = data.paymentType !== null && !data.contracts.some((x) => x.type === 'PURCHASE_CONTRACT' && x.is_client_signed);
    if (Boolean(back) !== mayGoBack && !inStep('noChoice')) throw new Error(`'Voltar' ${back ? 'shown' : 'hidden'} with the purchase contract ${mayGoBack ? 'unsigned' : 'signed'}`);
    if (data.paymentType) screen.getByRole('list', { name: 'Resumo da proposta' });
    if (data.paymentType === 'FINANCING') for (const bank of PARTNER_BANKS) screen.getByRole('img', { name: bank.name });
    if (st.matches({ page: { details: 'open' } } as never)) screen.getByRole('dialog', { name: m['proposal.details.title'] });
    if (c.error) screen.getAllByText(m[c.error]);
    if (inStep('noChoice')) screen.getByText(m['payment.noChoice']);
    if (inStep('notRequested')) screen.getByRole('heading', { name: m['financing.NOT_REQUESTED.title'] });
    if (inStep('inEvaluation')) screen.getByRole('heading', { name: m['financing.IN_EVALUATION.title'] });
    if (inStep('denied')) { screen.getByRole('heading', { name: m['financing.DENIED.title'] }); screen.getByText(m['financing.DENIED.text']); }
    if (inStep('contractData', 'idle') && screen.queryByRole('dialog', { name: m['payment.contractData.title'] })) throw new Error('the contract-data modal is still open');
    if (inStep('contractData', 'form')) {
      const dialog = screen.getByRole('dialog', { name: m['payment.contractData.title'] });
      const required = within(dialog).queryAllByText(m['payment.contractData.required']).length;
      if (required !== Object.keys(c.contractDataErrors).length) throw new Error(`${required} 'Required' shown, ${Object.keys(c.contractDataErrors).length} expected`);
    }
    if (inStep('signing', 'framing') && !frameOf()) throw new Error('the frame is not open');
    if (inStep('signing', 'idle')) {
      if (frameOf()) throw new Error('the frame is still open');
      for (const contract of data.contracts) {
        const name = contract.type === 'POWER_OF_ATTORNEY' ? m['payment.contract.procuration'] : m['payment.contract.purchase'];
        const sign = screen.queryByRole('button', { name: `${m['payment.contract.sign']}: ${name}` });
        if (contract.is_client_signed === Boolean(sign)) throw new Error(`${name}: ${contract.is_client_signed ? 'signed but still offered' : 'not offered'}`);
      }
      // spec §4 "Financing upload": the submit waits for both signatures
      if (data.paymentType === 'FINANCING' && !disabled(screen.getByRole('button', { name: m['financing.upload.submit'] }))) throw new Error('documents can be sent before both signatures');
    }
    if (inStep('invoice', 'idle')) {
      screen.getByText(m['payment.contracts.done']);
      if (data.invoice?.invoice_status === 'PENDING') {
        // the boleto's digitable line and the Pix code, each with its copy button
        screen.getByRole('button', { name: `${m['payment.invoice.copy']}: ${m['payment.invoice.digitableLine']}` });
        screen.getByRole('button', { name: `${m['payment.invoice.copy']}: ${m['payment.invoice.pix']}` });
        const link = screen.getByRole('link', { name: m['payment.invoice.open'] });
        const url = link.getAttribute('href') ?? '';
        if (!url.includes('/payments-sandbox/invoices/') || link.getAttribute('target') !== '_blank') throw new Error("'Abrir fatura' does not open the invoice in a new tab");
        if (text.startsWith('createInvoice resolves') && run.tabs.at(-1) !== url) throw new Error(`the new tab went to ${run.tabs.at(-1)}, not ${url}`);
        if (c.tabBlocked) screen.getByText(m['payment.invoice.popupBlocked']);
        if (c.notice) screen.getByText(m[c.notice]);
      } else screen.getByRole('button', { name: m['payment.invoice.create'] });
      if (text.startsWith('createInvoice fails') && run.closed === 0) throw new Error('the blank tab was left open after the failure');
    }
    if (inStep('documents', 'idle')) {
      if (data.paymentType === 'CASH_PURCHASE') screen.getByRole('heading', { name: m['payment.homologation.title'] });
      else screen.getByRole('heading', { name: m['financing.upload.title'] });
      for (const file of Object.values(c.chosen)) if (file) screen.getByRole('button', { name: `Remover ${file.name}` });
      for (const key of Object.values(c.fileErrors)) if (key) screen.getByText(m[key]);
      if (disabled(screen.getByRole('button', { name: data.paymentType === 'FINANCING' ? m['financing.upload.submit'] : m['payment.homologation.submit'] }))) throw new Error('the submit is disabled');
    }
  });
}

describe('financing paths through the screen (happy-dom, API in process on PGlite)', () => {
  describeScreenPaths<Cut, Customer, Run>({
    model: paymentPaths, server: () => server, notDrivable, customerFor, cutOf,
    newRun: () => ({ user: userEvent.setup(), cuts: new Set(), went: [], customer: null, tabs: [], closed: 0, blockTab: false }),
    cutByActor: {
      loadPayment: 'load', stepSupply: 'supply', createContracts: 'contracts', checkSigner: 'check', createInvoice: 'invoice',
      readInvoiceStatus: 'status', sendDocuments: 'documents',
    },
    render: (c, fetch, run) => {
      run.customer = c;
      localStorage.setItem('paymentType', 'CASH_PURCHASE');
      const api = createApi({ fetch, origin: 'http://portal.test', getToken: () => c.token });
      const openTab: OpenTab = () => (run.blockTab ? null : { go: (url) => { run.tabs.push(url); }, close: () => { run.closed += 1; } });
      return <PaymentFlow getApi={() => Promise.resolve(api)} onGo={(p) => { run.went.push(p); }} openTab={openTab} />;
    },
    step, shows,
  });
});
