import { and, assign, fromCallback, setup, type EventObject } from 'xstate';
import type { BillsResponse } from '#shared/bill/payloads';
import type { CustomerProfile } from '#shared/customer/payloads';
import type { PlanSimulated } from '#shared/plan/payloads';
import { PLAN_YEARS } from '#shared/plan/payloads';
import { billAllowsReupload, type BillStatus } from '#shared/bill/rules';
import { isUnservedRegion } from '#shared/coverage/rules';
import type { MessageKey } from '#shared/messages';
import { uploadProblem, type ChosenFile } from '#shared/upload';
import { notProvided } from '../notProvided';

/**
 * The bill page (spec §2 "Bill page", §4 bill upload, §5 files): load -> (unserved region notice) ->
 * one-time simulation (20 years, MAX) with the customer-success follow-up when it is not approved ->
 * form (holder, bill file, employee badge for partnership customers) -> uploading with progress ->
 * 'Conta de luz enviada!' -> waiting for the virtual assistant (polls while PENDING) -> outcome, from
 * which an illegible bill may be replaced; a WAITING outcome keeps asking (every 20 s) until a
 * person decides, so the decision shows without a reload. Side effects are the named actors, provided at the edge.
 */

/** What the page needs: the profile (menu, partnership, franchisee), the bills, the partnership. */
export interface BillPageData {
  customer: Pick<CustomerProfile, 'id' | 'franchisee_id' | 'has_partnership' | 'bill_value' | 'steps'>;
  bills: BillsResponse;
  /** the employee badge already sent (partnership customers) */
  badgeSent: boolean;
}

/** A chosen file: the browser's File travels along untouched; the machine reads only these fields. */
export type PickedFile = ChosenFile & { blob?: unknown };

export interface UploadInput { customerId: number; bill: PickedFile; isHolder: boolean; badge: PickedFile | null }

export interface BillContext {
  data: BillPageData | null;
  holder: boolean | null;
  bill: PickedFile | null;
  badge: PickedFile | null;
  /** 0..1 while sending */
  progress: number;
  /** a message under the bill's upload area (size, type) */
  billError: MessageKey | null;
  badgeError: MessageKey | null;
  holderError: MessageKey | null;
  /** the failure shown after a request (upload, load) */
  error: MessageKey | null;
  simulationRequested: boolean;
}

export type BillEvent =
  | { type: 'holder.change'; isHolder: boolean }
  | { type: 'bill.choose'; file: PickedFile }
  | { type: 'bill.remove' }
  | { type: 'badge.choose'; file: PickedFile }
  | { type: 'badge.remove' }
  | { type: 'bill.submit' }
  | { type: 'upload.progress'; ratio: number }
  | { type: 'upload.done' }
  /**
   * `refused`: the server refused that file itself (type, size, empty): the message goes under its
   * upload area and the file is taken away so its picker comes back. Otherwise (connection, server
   * trouble) the message goes under the form and every chosen file stays.
   */
  | { type: 'upload.failed'; message: MessageKey; refused?: 'bill' | 'badge' }
  | { type: 'sent.acknowledge' }
  | { type: 'bill.reupload' }
  /** a partnership confirmed after the bill was sent: the badge goes on its own */
  | { type: 'badge.submit' }
  | { type: 'region.close' }
  | { type: 'page.retry' };

const latestStatus = (data: BillPageData | null): BillStatus | null => data?.bills.billValues?.status ?? null;

/** A bill WAITING for a person: the page asks for their decision this often (20 s). */
export const STAFF_DECISION_POLL_MS = 20_000;

/** What loadBillPage throws when the customer loaded but their bill (GET .../bills) could not be fetched. */
export interface BillNotReceived { failed: 'bill'; cause: unknown }
export const billNotReceived = (cause: unknown): BillNotReceived => ({ failed: 'bill', cause });
const isBillNotReceived = (error: unknown): boolean => (error as Partial<BillNotReceived> | null | undefined)?.failed === 'bill';

export const billMachine = setup({
  types: {
    context: {} as BillContext,
    events: {} as BillEvent,
  },
  actors: {
    loadBillPage: notProvided<BillPageData>('loadBillPage'),
    loadBills: notProvided<BillsResponse>('loadBills'),
    requestSimulation: notProvided<PlanSimulated, { bill_value: number; deadline_years: number; nivel: 'MAX' }>('requestSimulation'),
    createCustomerSuccess: notProvided<unknown, { client_id: number }>('createCustomerSuccess'),
    /** sends the employee badge alone; fails with `{ messageKey }` saying why */
    uploadBadge: notProvided<unknown, { customerId: number; badge: PickedFile }>('uploadBadge'),
    /** sends the badge (when chosen) then the bill, reporting upload.progress, upload.done or upload.failed */
    uploadBill: fromCallback<EventObject, UploadInput>(({ sendBack }) => {
      sendBack({ type: 'upload.failed', message: 'bill.upload.error' });
    }),
  },
  actions: {
    /** the journey logs the customer out (unserved region 'Fechar') */
    logOut: () => {},
    /** the journey reloads the menu (bill step status changed) */
    menuChanged: () => {},
    /** the bills GET /portal/customers/bills answered */
    rememberBills: assign({ data: ({ context, event }) => (context.data ? { ...context.data, bills: (event as unknown as { output: BillsResponse }).output } : null) }),
    /** a refused badge file does not replace one already chosen */
    chooseBadge: assign(({ event }) => {
      const { file } = event as Extract<BillEvent, { type: 'badge.choose' }>;
      const problem = uploadProblem(file);
      return problem ? { badgeError: problem } : { badge: file, badgeError: null };
    }),
    /** 'Enviar para avaliação' without a file: the bill's area asks for one, and the question for its answer */
    pointOutMissingAnswers: assign(({ context }) => ({
      billError: 'upload.file.missing' as const,
      holderError: context.holder === null ? 'bill.holder.required' as const : null,
    })),
    /** a refused file's message goes under that file (and the file goes); any other failure under the form */
    rememberUploadFailure: assign(({ event }) => {
      const failure = event as Extract<BillEvent, { type: 'upload.failed' }>;
      if (failure.refused === 'bill') return { bill: null, billError: failure.message, error: null };
      if (failure.refused === 'badge') return { badge: null, badgeError: failure.message, error: null };
      return { error: failure.message };
    }),
  },
  guards: {
    isUnservedRegion: ({ context }) => isUnservedRegion(context.data?.customer.franchisee_id),
    /** spec §4: simulation step not APPROVED and a bill value known, asked once */
    needsSimulation: ({ context }) => {
      const c = context.data?.customer;
      if (!c || context.simulationRequested || !c.bill_value) return false;
      const simulation = c.steps.find((s) => s.type === 'SIMULATION');
      return simulation?.status !== 'APPROVED';
    },
    isBillInAnalysis: ({ context }) => latestStatus(context.data) === 'PENDING',
    /** the page's load failed on the bill itself (spec §8 'Erro ao receber arquivo!'), not on the customer */
    billNotReceived: ({ event }) => isBillNotReceived((event as { error?: unknown }).error),
    /** spec §4: a simulation that is not fit calls customer success */
    simulationNotApproved: ({ event }) => !(event as { output?: PlanSimulated }).output?.is_fit,
    noBillChosen: ({ context }) => !context.bill,
    holderNotAnswered: ({ context }) => context.holder === null,
    /** partnership customers send their employee badge with their first bill */
    badgeMissing: ({ context }) => Boolean(context.data?.customer.has_partnership && !context.data.badgeSent && !context.badge),
    stillInAnalysis: ({ event }) => (event as { output?: BillsResponse }).output?.billValues?.status === 'PENDING',
    /** WAITING: the assistant handed the bill to a person, whose decision arrives later */
    awaitingStaffDecision: ({ context }) => latestStatus(context.data) === 'WAITING',
    stillAwaitingStaff: ({ event }) => (event as { output?: BillsResponse }).output?.billValues?.status === 'WAITING',
    /** a partnership customer whose badge is not with the company yet (partnership confirmed after the bill) */
    badgeStillMissing: ({ context }) => Boolean(context.data?.customer.has_partnership && !context.data.badgeSent),
    noBadgeChosen: ({ context }) => !context.badge,
    mayUploadBill: ({ context }) => {
      const bills = context.data?.bills;
      return !bills?.billValues || (bills.upload_available && billAllowsReupload(bills.billValues));
    },
  },
  delays: {
    /** how often the page asks whether the virtual assistant has read the bill */
    analysisPollInterval: 2_000,
    /** how often the page asks for a person's decision on a WAITING bill (reviews take hours: no need to ask faster) */
    staffDecisionPollInterval: STAFF_DECISION_POLL_MS,
  },
}).createMachine({
  id: 'bill',
  context: {
    data: null, holder: null, bill: null, badge: null, progress: 0,
    billError: null, badgeError: null, holderError: null, error: null, simulationRequested: false,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadBillPage',
        onDone: {
          target: 'deciding',
          actions: assign(({ context, event }) => ({
            data: event.output,
            holder: context.holder ?? event.output.bills.holder,
          })),
        },
        onError: [
          { guard: 'billNotReceived', target: 'loadFailed', actions: assign({ error: 'bill.receive.error' }) },
          { target: 'loadFailed', actions: assign({ error: 'bill.load.error' }) },
        ],
      },
    },
    loadFailed: {
      on: { 'page.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    deciding: {
      always: [
        { guard: 'isUnservedRegion', target: 'unservedRegion' },
        { guard: 'needsSimulation', target: 'simulating' },
        { guard: 'isBillInAnalysis', target: 'analysing' },
        { guard: 'mayUploadBill', target: 'form' },
        { target: 'outcome' },
      ],
    },
    unservedRegion: {
      on: { 'region.close': { target: 'loggedOut', actions: 'logOut' } },
    },
    loggedOut: { type: 'final' },
    simulating: {
      entry: assign({ simulationRequested: true }),
      invoke: {
        src: 'requestSimulation',
        input: ({ context }) => ({ bill_value: context.data?.customer.bill_value ?? 0, deadline_years: PLAN_YEARS.MAX, nivel: 'MAX' as const }),
        onDone: [
          { guard: 'simulationNotApproved', target: 'followingUp' },
          { target: 'loading' },
        ],
        // the page works without a simulation: reload and go on
        onError: { target: 'followingUp' },
      },
    },
    followingUp: {
      invoke: {
        src: 'createCustomerSuccess',
        input: ({ context }) => ({ client_id: context.data?.customer.id ?? 0 }),
        onDone: { target: 'loading' },
        onError: { target: 'loading' },
      },
    },
    form: {
      on: {
        'holder.change': { actions: assign({ holder: ({ event }) => event.isHolder, holderError: null }) },
        'bill.choose': {
          actions: assign(({ event }) => {
            const problem = uploadProblem(event.file);
            // a refused file does not replace one already chosen
            return problem ? { billError: problem } : { bill: event.file, billError: null, error: null };
          }),
        },
        'bill.remove': { actions: assign({ bill: null, billError: null }) },
        'badge.choose': { actions: 'chooseBadge' },
        'badge.remove': { actions: assign({ badge: null, badgeError: null }) },
        'bill.submit': [
          // spec §5: nothing is sent without a file; the page says what is missing (both at once)
          { guard: 'noBillChosen', actions: 'pointOutMissingAnswers' },
          { guard: 'holderNotAnswered', actions: assign({ holderError: 'bill.holder.required' }) },
          {
            guard: 'badgeMissing',
            actions: assign({ badgeError: 'bill.badge.required' }),
          },
          { target: 'uploading', actions: assign({ error: null, progress: 0 }) },
        ],
      },
    },
    uploading: {
      invoke: {
        src: 'uploadBill',
        input: ({ context }) => ({
          customerId: context.data?.customer.id ?? 0,
          bill: context.bill!,
          isHolder: context.holder ?? true,
          badge: context.data?.badgeSent ? null : context.badge,
        }),
      },
      on: {
        'upload.progress': { actions: assign({ progress: ({ event }) => Math.min(1, Math.max(0, event.ratio)) }) },
        'upload.done': { target: 'sent', actions: ['menuChanged', assign({ progress: 1, bill: null, badge: null })] },
        // nothing lost: the chosen files stay, unless the server refused one of them
        'upload.failed': { target: 'form', actions: 'rememberUploadFailure' },
      },
    },
    sent: {
      on: { 'sent.acknowledge': 'analysing' },
    },
    analysing: {
      initial: 'resting',
      states: {
        resting: { after: { analysisPollInterval: 'asking' } },
        asking: {
          invoke: {
            src: 'loadBills',
            onDone: [
              {
                guard: 'stillInAnalysis',
                target: 'resting',
                actions: assign({ data: ({ context, event }) => (context.data ? { ...context.data, bills: event.output } : null) }),
              },
              {
                target: '#bill.outcome',
                actions: ['menuChanged', assign({ data: ({ context, event }) => (context.data ? { ...context.data, bills: event.output } : null) })],
              },
            ],
            onError: { target: 'resting' },
          },
        },
      },
    },
    outcome: {
      initial: 'settling',
      states: {
        settling: {
          always: [{ guard: 'awaitingStaffDecision', target: 'awaitingDecision' }, { target: 'decided' }],
        },
        awaitingDecision: {
          description: 'WAITING: a person reviews the bill; the page keeps asking so their decision shows without a reload.',
          initial: 'resting',
          states: {
            resting: { after: { staffDecisionPollInterval: 'asking' } },
            asking: {
              invoke: {
                src: 'loadBills',
                onDone: [
                  { guard: 'stillAwaitingStaff', target: 'resting', actions: 'rememberBills' },
                  { target: '#bill.outcome.decided', actions: ['rememberBills', 'menuChanged'] },
                ],
                onError: { target: 'resting' },
              },
            },
          },
        },
        decided: { description: 'The bill has its outcome; nothing more to wait for.' },
      },
      on: {
        'bill.reupload': {
          guard: 'mayUploadBill',
          target: 'form',
          actions: assign({ bill: null, billError: null, error: null, progress: 0 }),
        },
        'badge.choose': { guard: 'badgeStillMissing', actions: 'chooseBadge' },
        'badge.remove': { guard: 'badgeStillMissing', actions: assign({ badge: null, badgeError: null }) },
        'badge.submit': [
          { guard: and(['badgeStillMissing', 'noBadgeChosen']), actions: assign({ badgeError: 'bill.badge.required' }) },
          { guard: 'badgeStillMissing', target: 'sendingBadge', actions: assign({ badgeError: null }) },
        ],
      },
    },
    sendingBadge: {
      invoke: {
        src: 'uploadBadge',
        input: ({ context }) => ({ customerId: context.data?.customer.id ?? 0, badge: context.badge! }),
        onDone: {
          target: 'outcome',
          actions: assign({ badge: null, data: ({ context }) => (context.data ? { ...context.data, badgeSent: true } : null) }),
        },
        // the chosen badge stays for another try
        onError: {
          target: 'outcome',
          actions: assign({ badgeError: ({ event }) => (event.error as { messageKey?: MessageKey } | undefined)?.messageKey ?? 'partnership.badge.error' }),
        },
      },
    },
  },
});

/** The outcome text of spec §4 for a bill status and its justification. */
export function billOutcomeMessage(status: BillStatus, justification: string | null): { key: MessageKey; reason: string | null } {
  switch (status) {
    case 'APPROVED': return { key: 'bill.outcome.approved', reason: null };
    case 'DISAPPROVED': return { key: 'bill.outcome.disapproved', reason: justification };
    case 'WAITING': return { key: 'bill.outcome.waiting', reason: null };
    case 'APP': return { key: 'bill.outcome.app', reason: null };
    case 'DENIED': return { key: 'bill.outcome.denied', reason: justification };
    case 'PENDING': return { key: 'bill.outcome.pending', reason: null };
  }
}
