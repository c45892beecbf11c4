import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { billMachine, billNotReceived, billOutcomeMessage, STAFF_DECISION_POLL_MS, type BillPageData, type PickedFile, type UploadInput } from '../../../machines/bill/billMachine';
import type { BillsResponse, BillValues } from '#shared/bill/payloads';
import type { BillStatus } from '#shared/bill/rules';
import { BILL_REUPLOAD_JUSTIFICATION, MAX_UPLOAD_BYTES } from '#shared/bill/rules';

const values = (status: BillStatus, justification: string | null = null, upload = false): BillValues => ({
  id: 1, status, consumer_class: 'RESIDENCIAL', value: 350, consumption: 300, consumption_history_kwh_values: { average: 310 },
  power_pattern: null, justification_disapproved: justification, is_holder: true, upload_available: upload,
});
const bills = (v: BillValues | null): BillsResponse => ({ id: v?.id ?? null, holder: v ? true : null, billValues: v, billInfo: [], upload_available: v ? v.upload_available : true });

function page(over: Partial<BillPageData['customer']> = {}, b: BillsResponse = bills(null), badgeSent = false): BillPageData {
  return {
    customer: { id: 7, franchisee_id: 'franq-sp', has_partnership: false, bill_value: 350, steps: [{ client_id: 7, type: 'SIMULATION', status: 'APPROVED' }] as BillPageData['customer']['steps'], ...over },
    bills: b, badgeSent,
  };
}

const pdf = { name: 'conta-de-luz-marco-2026.pdf', size: 120_000, type: 'application/pdf' };

function start(opts: {
  pages: BillPageData[];
  polls?: BillsResponse[];
  upload?: (input: UploadInput, send: (e: { type: string; ratio?: number; message?: string }) => void) => void;
  simulationFit?: boolean;
}) {
  const calls = { loads: 0, simulations: [] as unknown[], followUps: [] as unknown[], uploads: [] as UploadInput[], logOut: 0 };
  const machine = billMachine.provide({
    actors: {
      loadBillPage: fromPromise(async () => opts.pages[Math.min(calls.loads++, opts.pages.length - 1)]!),
      loadBills: fromPromise(async () => opts.polls!.shift()!),
      requestSimulation: fromPromise(async ({ input }) => {
        calls.simulations.push(input);
        return { is_fit: opts.simulationFit ?? true } as never;
      }),
      createCustomerSuccess: fromPromise(async ({ input }) => { calls.followUps.push(input); return {}; }),
      uploadBill: fromCallback(({ sendBack, input }) => {
        calls.uploads.push(input);
        opts.upload?.(input, sendBack as never);
      }),
    },
    actions: { logOut: () => { calls.logOut++; } },
    delays: { analysisPollInterval: 5 },
  });
  const actor = createActor(machine).start();
  return { actor, calls };
}

describe('billMachine', () => {
  it('loads into the form, refuses an oversized or wrong file, keeps a good one, and needs a file before sending', async () => {
    const { actor, calls } = start({ pages: [page()] });
    await waitFor(actor, (s) => s.matches('form'));
    actor.send({ type: 'bill.submit' });
    expect(actor.getSnapshot().matches('form')).toBe(true);
    expect(calls.uploads).toHaveLength(0);
    // nothing is sent, and the page says both what is missing
    expect(actor.getSnapshot().context).toMatchObject({ billError: 'upload.file.missing', holderError: 'bill.holder.required' });
    actor.send({ type: 'bill.choose', file: pdf });
    expect(actor.getSnapshot().context.billError).toBeNull();
    actor.send({ type: 'bill.choose', file: { name: 'grande.pdf', size: MAX_UPLOAD_BYTES + 1, type: 'application/pdf' } });
    expect(actor.getSnapshot().context.billError).toBe('upload.file.tooLarge');
    expect(actor.getSnapshot().context.bill?.name).toBe(pdf.name);
    actor.send({ type: 'bill.choose', file: { name: 'planilha.xlsx', size: 10, type: 'application/vnd.ms-excel' } });
    expect(actor.getSnapshot().context.billError).toBe('upload.file.unsupported');
    actor.send({ type: 'bill.remove' });
    expect(actor.getSnapshot().context.bill).toBeNull();
  });

  it('asks the holder question, uploads with progress, shows the sent modal, polls while PENDING, then the outcome', async () => {
    const { actor, calls } = start({
      pages: [page()],
      polls: [bills(values('PENDING')), bills(values('APPROVED'))],
      upload: (_, send) => { send({ type: 'upload.progress', ratio: 0.5 }); },
    });
    await waitFor(actor, (s) => s.matches('form'));
    actor.send({ type: 'bill.choose', file: pdf });
    actor.send({ type: 'bill.submit' });
    expect(actor.getSnapshot().context.holderError).toBe('bill.holder.required');
    actor.send({ type: 'holder.change', isHolder: false });
    actor.send({ type: 'bill.submit' });
    expect(actor.getSnapshot().matches('uploading')).toBe(true);
    expect(actor.getSnapshot().context.progress).toBe(0.5);
    expect(calls.uploads[0]).toMatchObject({ customerId: 7, isHolder: false, badge: null, bill: { name: pdf.name } });
    actor.send({ type: 'upload.done' });
    expect(actor.getSnapshot().matches('sent')).toBe(true);
    actor.send({ type: 'sent.acknowledge' });
    expect(actor.getSnapshot().matches('analysing')).toBe(true);
    await waitFor(actor, (s) => s.matches('outcome'));
    expect(actor.getSnapshot().context.data?.bills.billValues?.status).toBe('APPROVED');
    expect(actor.getSnapshot().can({ type: 'bill.reupload' })).toBe(false);
  });

  it('a failed upload returns to the form with the error and the chosen file kept', async () => {
    const { actor } = start({ pages: [page()], upload: (_, send) => send({ type: 'upload.failed', message: 'bill.upload.error' }) });
    await waitFor(actor, (s) => s.matches('form'));
    actor.send({ type: 'holder.change', isHolder: true });
    actor.send({ type: 'bill.choose', file: pdf });
    actor.send({ type: 'bill.submit' });
    const snap = actor.getSnapshot();
    expect(snap.matches('form')).toBe(true);
    expect(snap.context.error).toBe('bill.upload.error');
    expect(snap.context.bill?.name).toBe(pdf.name);
  });

  it('a file the server refuses: its message under that file, the file taken away, the other kept', async () => {
    const badge = { name: 'cracha.jpg', size: 9_000, type: 'image/jpeg' };
    let attempt = 0;
    const { actor } = start({
      pages: [page({ has_partnership: true })],
      upload: (_, send) => send(++attempt === 1
        ? { type: 'upload.failed', message: 'upload.file.tooLarge', refused: 'badge' } as never
        : { type: 'upload.failed', message: 'upload.file.unsupported', refused: 'bill' } as never),
    });
    await waitFor(actor, (s) => s.matches('form'));
    actor.send({ type: 'holder.change', isHolder: true });
    actor.send({ type: 'bill.choose', file: pdf });
    actor.send({ type: 'badge.choose', file: badge });
    actor.send({ type: 'bill.submit' });
    let snap = actor.getSnapshot();
    expect(snap.matches('form')).toBe(true);
    expect(snap.context).toMatchObject({ badge: null, badgeError: 'upload.file.tooLarge', error: null, billError: null, bill: { name: pdf.name } });
    actor.send({ type: 'badge.choose', file: badge });
    actor.send({ type: 'bill.submit' });
    snap = actor.getSnapshot();
    expect(snap.context).toMatchObject({ bill: null, billError: 'upload.file.unsupported', error: null, badgeError: null, badge: { name: badge.name } });
  });

  it('a partnership confirmed after the bill: the badge goes on its own from the outcome; a failure keeps it', async () => {
    let attempts = 0;
    const machine = billMachine.provide({
      actors: {
        loadBillPage: fromPromise(async () => page({ has_partnership: true }, bills(values('APPROVED')))),
        uploadBadge: fromPromise<unknown, { customerId: number; badge: PickedFile }>(async () => {
          if (++attempts === 1) throw { messageKey: 'partnership.badge.error' };
          return {};
        }),
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('outcome'));
    actor.send({ type: 'badge.submit' });
    expect(actor.getSnapshot().context.badgeError).toBe('bill.badge.required');
    actor.send({ type: 'badge.choose', file: { name: 'cracha.jpg', size: 9_000, type: 'image/jpeg' } });
    actor.send({ type: 'badge.submit' });
    expect(actor.getSnapshot().matches('sendingBadge')).toBe(true);
    await waitFor(actor, (s) => s.matches('outcome'));
    expect(actor.getSnapshot().context).toMatchObject({ badgeError: 'partnership.badge.error', badge: { name: 'cracha.jpg' } });
    actor.send({ type: 'badge.submit' });
    await waitFor(actor, (s) => s.matches('outcome') && s.context.data?.badgeSent === true);
    expect(actor.getSnapshot().context.badge).toBeNull();
    // nothing more to send: the badge events are ignored
    actor.send({ type: 'badge.submit' });
    expect(actor.getSnapshot().matches('outcome')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'badge.choose', file: { name: 'x.png', size: 1, type: 'image/png' } })).toBe(false);
  });

  it('a partnership customer without a badge is asked for it; the badge travels with the bill', async () => {
    const { actor, calls } = start({ pages: [page({ has_partnership: true })] });
    await waitFor(actor, (s) => s.matches('form'));
    actor.send({ type: 'holder.change', isHolder: true });
    actor.send({ type: 'bill.choose', file: pdf });
    actor.send({ type: 'bill.submit' });
    expect(actor.getSnapshot().context.badgeError).toBe('bill.badge.required');
    expect(actor.getSnapshot().matches('form')).toBe(true);
    actor.send({ type: 'badge.choose', file: { name: 'cracha.png', size: 2000, type: 'image/png' } });
    actor.send({ type: 'bill.submit' });
    expect(calls.uploads[0]?.badge?.name).toBe('cracha.png');
  });

  it('a partnership customer whose badge was already sent is not asked again', async () => {
    const { actor, calls } = start({ pages: [page({ has_partnership: true }, bills(null), true)] });
    await waitFor(actor, (s) => s.matches('form'));
    actor.send({ type: 'holder.change', isHolder: true });
    actor.send({ type: 'bill.choose', file: pdf });
    actor.send({ type: 'bill.submit' });
    expect(calls.uploads[0]?.badge).toBeNull();
  });

  it('an illegible bill shows its outcome and may be replaced; another reason locks it', async () => {
    const illegible = start({ pages: [page({}, bills(values('DISAPPROVED', BILL_REUPLOAD_JUSTIFICATION, true)))] });
    await waitFor(illegible.actor, (s) => s.matches('outcome') || s.matches('form'));
    // a bill that may be replaced opens the form with the last outcome known
    expect(illegible.actor.getSnapshot().matches('form')).toBe(true);
    const locked = start({ pages: [page({}, bills(values('DISAPPROVED', 'Classe de consumo não atendida: rural')))] });
    await waitFor(locked.actor, (s) => s.matches('outcome'));
    expect(locked.actor.getSnapshot().can({ type: 'bill.reupload' })).toBe(false);
  });

  it('after an illegible outcome arrives, the customer re-uploads from the outcome', async () => {
    const { actor } = start({ pages: [page()], polls: [bills(values('DISAPPROVED', BILL_REUPLOAD_JUSTIFICATION, true))], upload: (_, send) => send({ type: 'upload.done' }) });
    await waitFor(actor, (s) => s.matches('form'));
    actor.send({ type: 'holder.change', isHolder: true });
    actor.send({ type: 'bill.choose', file: pdf });
    actor.send({ type: 'bill.submit' });
    actor.send({ type: 'sent.acknowledge' });
    await waitFor(actor, (s) => s.matches('outcome'));
    actor.send({ type: 'bill.reupload' });
    expect(actor.getSnapshot().matches('form')).toBe(true);
    expect(actor.getSnapshot().context.bill).toBeNull();
  });

  it('a bill still in analysis opens on the waiting view', async () => {
    const { actor } = start({ pages: [page({}, bills(values('PENDING')))], polls: [bills(values('WAITING'))] });
    await waitFor(actor, (s) => s.matches('analysing'));
    await waitFor(actor, (s) => s.matches('outcome'));
    expect(actor.getSnapshot().context.data?.bills.billValues?.status).toBe('WAITING');
  });

  it('an unserved region shows the notice; Fechar logs out', async () => {
    for (const franchisee_id of [null, '00000000-0000-0000-0000-000000000000']) {
      const { actor, calls } = start({ pages: [page({ franchisee_id })] });
      await waitFor(actor, (s) => s.matches('unservedRegion'));
      actor.send({ type: 'region.close' });
      expect(actor.getSnapshot().status).toBe('done');
      expect(calls.logOut).toBe(1);
    }
  });

  it('asks the MAX 20-year simulation once; when not fit opens the customer-success follow-up, then reloads', async () => {
    const unsimulated = page({ steps: [{ client_id: 7, type: 'SIMULATION', status: 'PENDING' }] as BillPageData['customer']['steps'] });
    const { actor, calls } = start({ pages: [unsimulated, unsimulated], simulationFit: false });
    await waitFor(actor, (s) => s.matches('form'));
    expect(calls.simulations).toEqual([{ bill_value: 350, deadline_years: 20, nivel: 'MAX' }]);
    expect(calls.followUps).toEqual([{ client_id: 7 }]);
    expect(calls.loads).toBe(2);
  });

  it('a fit simulation opens no follow-up', async () => {
    const unsimulated = page({ steps: [] });
    const { actor, calls } = start({ pages: [unsimulated, page()], simulationFit: true });
    await waitFor(actor, (s) => s.matches('form'));
    expect(calls.simulations).toHaveLength(1);
    expect(calls.followUps).toHaveLength(0);
  });

  it('a failed load offers a retry', async () => {
    let fail = true;
    const machine = billMachine.provide({
      actors: { loadBillPage: fromPromise(async () => { if (fail) throw new Error('offline'); return page(); }) },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.error).toBe('bill.load.error');
    fail = false;
    actor.send({ type: 'page.retry' });
    await waitFor(actor, (s) => s.matches('form'));
  });

  it("the bill itself not fetched: spec §8's 'Erro ao receber arquivo!'; any other load failure keeps its own text", async () => {
    const failing = (error: unknown) => createActor(billMachine.provide({
      actors: { loadBillPage: fromPromise<BillPageData>(async () => { throw error; }) },
    })).start();
    const billDown = failing(billNotReceived(new TypeError('network down')));
    await waitFor(billDown, (s) => s.matches('loadFailed'));
    expect(billDown.getSnapshot().context.error).toBe('bill.receive.error');
    const customerDown = failing(new TypeError('network down'));
    await waitFor(customerDown, (s) => s.matches('loadFailed'));
    expect(customerDown.getSnapshot().context.error).toBe('bill.load.error');
  });

  it('names the spec §4 outcome of every status', () => {
    expect(billOutcomeMessage('APPROVED', null).key).toBe('bill.outcome.approved');
    expect(billOutcomeMessage('DISAPPROVED', 'ilegível ou incompleta')).toEqual({ key: 'bill.outcome.disapproved', reason: 'ilegível ou incompleta' });
    expect(billOutcomeMessage('WAITING', null).key).toBe('bill.outcome.waiting');
    expect(billOutcomeMessage('APP', null).key).toBe('bill.outcome.app');
    expect(billOutcomeMessage('DENIED', null).key).toBe('bill.outcome.denied');
  });
});

describe('billMachine: a bill WAITING for a person', () => {
  function startWaiting(polls: BillsResponse[], first: BillsResponse = bills(values('WAITING'))) {
    const clock = new SimulatedClock();
    const calls = { polls: 0, menu: 0 };
    const machine = billMachine.provide({
      actors: {
        loadBillPage: fromPromise(async () => page({}, first)),
        loadBills: fromPromise(async () => { calls.polls++; return polls.shift() ?? bills(values('WAITING')); }),
      },
      actions: { menuChanged: () => { calls.menu++; } },
    });
    const actor = createActor(machine, { clock }).start();
    return { actor, calls, clock };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('keeps asking every 20 s while WAITING, shows the decision when it comes, tells the menu, then stops asking', async () => {
    const { actor, calls, clock } = startWaiting([bills(values('WAITING')), bills(values('APPROVED'))]);
    await waitFor(actor, (s) => s.matches({ outcome: 'awaitingDecision' }));
    clock.increment(STAFF_DECISION_POLL_MS - 1);
    await settle();
    expect(calls.polls).toBe(0);
    clock.increment(1);
    await settle();
    expect(calls.polls).toBe(1);
    expect(actor.getSnapshot().matches({ outcome: 'awaitingDecision' })).toBe(true);
    expect(actor.getSnapshot().context.data?.bills.billValues?.status).toBe('WAITING');
    clock.increment(STAFF_DECISION_POLL_MS);
    await settle();
    expect(calls.polls).toBe(2);
    expect(actor.getSnapshot().matches({ outcome: 'decided' })).toBe(true);
    expect(actor.getSnapshot().context.data?.bills.billValues?.status).toBe('APPROVED');
    expect(calls.menu).toBe(1);
    clock.increment(10 * STAFF_DECISION_POLL_MS);
    await settle();
    expect(calls.polls).toBe(2);
  });

  it('a failed ask waits for the next one; a settled outcome never asks', async () => {
    const clock = new SimulatedClock();
    let polls = 0;
    const machine = billMachine.provide({
      actors: {
        loadBillPage: fromPromise(async () => page({}, bills(values('WAITING')))),
        loadBills: fromPromise(async () => { if (++polls === 1) throw new Error('offline'); return bills(values('DENIED', 'fora da área')); }),
      },
    });
    const actor = createActor(machine, { clock }).start();
    await waitFor(actor, (s) => s.matches({ outcome: 'awaitingDecision' }));
    clock.increment(STAFF_DECISION_POLL_MS);
    await settle();
    expect(actor.getSnapshot().matches({ outcome: 'awaitingDecision' })).toBe(true);
    clock.increment(STAFF_DECISION_POLL_MS);
    await settle();
    expect(actor.getSnapshot().context.data?.bills.billValues?.status).toBe('DENIED');

    const approved = startWaiting([], bills(values('APPROVED')));
    await waitFor(approved.actor, (s) => s.matches({ outcome: 'decided' }));
    approved.clock.increment(10 * STAFF_DECISION_POLL_MS);
    await settle();
    expect(approved.calls.polls).toBe(0);
  });
});
