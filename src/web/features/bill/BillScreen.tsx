import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useMachine } from '@xstate/react';
import { fromCallback, fromPromise } from 'xstate';
import { ProgressBar } from 'react-aria-components/ProgressBar';
import { billMachine, billOutcomeMessage, type BillPageData, type PickedFile, type UploadInput } from '#machines/bill/billMachine';
import type { BillStatus } from '#shared/bill/rules';
import { Button } from '../../ui/Button/Button';
import { LoadingScreen } from '../../ui/LoadingScreen/LoadingScreen';
import { Modal } from '../../ui/Modal/Modal';
import { RadioGroup } from '../../ui/RadioGroup/RadioGroup';
import { ApiError, type Api } from '../../api/client';
import { messages as m, type MessageKey } from '#shared/messages';
import { ErrorCode } from '#shared/errors';
import { useApiLoader, useJourney, useJourneyActor } from '../../journey/JourneyContext';
import { useGo } from '../../journey/useGo';
import { hasPaymentType } from '../../journey/session';
import type { CustomerProfile } from '#shared/customer/payloads';
import { MENU_ITEMS } from '#shared/menu';
import { currentStep, landingRoute } from '#shared/steps';
import { useMenuReload } from '../../journey/useMenuReload';
import { APP_STORE_URL, GOOGLE_PLAY_URL } from '#shared/brand';
import { UploadArea } from './parts/UploadArea';
import * as s from './BillScreen.css';

const picked = (file: File): PickedFile => ({ name: file.name, size: file.size, type: file.type, blob: file });

/**
 * Why an upload failed, in the catalogue's words. When the server refused the file itself (413 too
 * large, 415 not a PDF/JPG/PNG by its content, 4005 empty), `refused` names it so the machine shows
 * the message under that file; otherwise (connection, server trouble) the fallback under the form.
 */
function uploadFailure(error: unknown, fallback: MessageKey, file: 'bill' | 'badge'): { type: 'upload.failed'; message: MessageKey; refused?: 'bill' | 'badge' } {
  if (error instanceof ApiError && error.status === 413) return { type: 'upload.failed', message: 'upload.file.tooLarge', refused: file };
  if (error instanceof ApiError && error.status === 415) return { type: 'upload.failed', message: 'upload.file.unsupported', refused: file };
  if (error instanceof ApiError && error.body?.code === ErrorCode.UPLOAD_EMPTY) return { type: 'upload.failed', message: 'upload.file.empty', refused: file };
  return { type: 'upload.failed', message: fallback };
}

/** The machine's side effects against the API. */
export function billActors(getApi: () => Promise<Api>) {
  return {
    loadBillPage: fromPromise<BillPageData>(async () => {
      const api = await getApi();
      const [customer, bills] = await Promise.all([api.getCustomer(), api.getBills()]);
      const partnership = customer.has_partnership ? await api.getPartnership(customer.id) : null;
      return { customer, bills, badgeSent: Boolean(partnership?.url) };
    }),
    loadBills: fromPromise(async () => (await getApi()).getBills()),
    requestSimulation: fromPromise(async ({ input }: { input: { bill_value: number; deadline_years: number; nivel: 'MAX' } }) =>
      (await getApi()).simulatePlan(input)),
    createCustomerSuccess: fromPromise<unknown, { client_id: number }>(async ({ input }) => (await getApi()).createCustomerSuccess(input.client_id)),
    uploadBadge: fromPromise<unknown, { customerId: number; badge: PickedFile }>(async ({ input }) => {
      try {
        return await (await getApi()).uploadEmployeeBadge(input.customerId, input.badge.blob as Blob, input.badge.name);
      } catch (e) {
        throw { messageKey: uploadFailure(e, 'partnership.badge.error', 'badge').message };
      }
    }),
    uploadBill: fromCallback<{ type: string }, UploadInput>(({ sendBack, input }) => {
      let live = true;
      const send = (e: Parameters<typeof sendBack>[0]) => { if (live) sendBack(e); };
      void (async () => {
        const api = await getApi();
        // the badge takes the first fifth of the bar when both are sent
        const share = input.badge ? 0.2 : 0;
        if (input.badge) {
          try {
            await api.uploadEmployeeBadge(input.customerId, input.badge.blob as Blob, input.badge.name, (r) => send({ type: 'upload.progress', ratio: r * share }));
          } catch (e) {
            send(uploadFailure(e, 'partnership.badge.error', 'badge'));
            return;
          }
        }
        try {
          await api.uploadBill(input.bill.blob as Blob, input.bill.name, input.isHolder, (r) => send({ type: 'upload.progress', ratio: share + r * (1 - share) }));
          send({ type: 'upload.done' });
        } catch (e) {
          send(uploadFailure(e, 'bill.upload.error', 'bill'));
        }
      })();
      return () => { live = false; };
    }),
  };
}

const EXPLANATIONS = [
  { title: 'Consumo de energia', text: 'Usamos o consumo atual e o histórico dos últimos meses para dimensionar o seu sistema.' },
  { title: 'Valor e classe', text: 'O valor da conta e a classe de consumo (residencial ou comercial) definem o seu plano.' },
  { title: 'Titular e instalação', text: 'O titular e o número da instalação identificam a unidade que vai receber a energia solar.' },
];

export interface BillPageProps {
  getApi: () => Promise<Api>;
  /** the unserved-region notice's 'Fechar' */
  onLogout: () => void;
  /** the bill step changed (bill sent, analysis outcome): the side navigation reloads */
  onBillChanged?: () => void;
  /** where the journey goes after an approved bill (from the reloaded menu), offered as a button */
  next?: NextStep | null;
  onGo?: (path: string) => void;
}

export interface NextStep { path: string; label: string }

/**
 * The screen the customer's steps lead to now (spec §2 landing table on the current step), unless
 * that is still the bill page: what the approved outcome's button opens.
 */
export function nextStepAfterBill(customer: Pick<CustomerProfile, 'steps' | 'subscription_lending' | 'customer_success_id'> | null, paymentTypeStored: boolean): NextStep | null {
  if (!customer) return null;
  const route = `/${landingRoute(currentStep(customer.steps, customer.customer_success_id != null), customer.subscription_lending, paymentTypeStored)}`;
  const item = MENU_ITEMS.find((i) => i.path === route);
  return route !== '/bill' && item ? { path: item.path, label: item.label } : null;
}

/** The bill page (spec §2 "Bill page", §4 bill outcomes). */
export function BillPage({ getApi, onLogout, onBillChanged, next, onGo }: BillPageProps) {
  const machine = useMemo(
    () => billMachine.provide({
      actors: billActors(getApi),
      actions: { logOut: () => onLogout(), billChanged: () => onBillChanged?.() },
    }),
    [getApi, onLogout, onBillChanged],
  );
  const [state, send, actor] = useMachine(machine);
  const c = state.context;
  const data = c.data;

  // Keyboard and screen-reader users are not left on a vanished button: after 'Entendi' focus goes
  // to the analysis' outcome, after 'Enviar outra conta' to the bill's file picker.
  const outcomeHeading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const stage = state.matches('analysing') || state.matches('outcome') ? 'outcome' : state.matches('form') ? 'form' : String(state.value);
  const previousStage = useRef(stage);
  // the badge sent on its own (partnership confirmed after the bill): say so once it is stored
  const [badgeJustSent, setBadgeJustSent] = useState(false);
  useEffect(() => {
    if (state.matches('sendingBadge')) setBadgeJustSent(false);
    else if (previousStage.current === 'sendingBadge' && state.context.data?.badgeSent) setBadgeJustSent(true);
  }, [state]);
  useEffect(() => {
    const from = previousStage.current;
    previousStage.current = stage;
    if (from === 'sent' && stage === 'outcome') outcomeHeading.current?.focus();
    if (from === 'outcome' && stage === 'form') form.current?.querySelector<HTMLElement>('[data-upload-trigger]')?.focus();
  }, [stage]);

  if (state.matches('loading') || state.matches('deciding') || state.matches('simulating') || state.matches('followingUp')) {
    return <LoadingScreen inline />;
  }
  if (state.matches('loadFailed')) {
    return (
      <section className={s.section}>
        <h1 className={s.title}>Conta de luz</h1>
        <p className={s.error} role="alert">{m['bill.load.error']}</p>
        <div className={s.actions}><Button onPress={() => send({ type: 'page.retry' })}>Tentar novamente</Button></div>
      </section>
    );
  }
  if (state.matches('unservedRegion') || state.matches('loggedOut')) {
    return (
      <Modal
        isOpen
        onOpenChange={() => {}}
        isDismissable={false}
        hideCloseButton
        role="alertdialog"
        size="sm"
        title={m['bill.region.title']}
        footer={<Button onPress={() => send({ type: 'region.close' })} isPending={state.matches('loggedOut')}>{m['bill.region.close']}</Button>}
      >
        <p className={s.outcomeText}>{m['bill.region.body']}</p>
      </Modal>
    );
  }

  const sentAlready = state.matches('analysing') || state.matches('outcome');
  const intro = (
    <>
      <p className={s.lead}>{sentAlready ? m['bill.lead.sent'] : m['bill.lead']}</p>
      <ul className={s.cards} aria-label="Dados usados da sua conta de luz">
        {EXPLANATIONS.map((e) => (
          <li key={e.title} className={s.card}>
            <h2 className={s.cardTitle}>{e.title}</h2>
            <p className={s.cardText}>{e.text}</p>
          </li>
        ))}
      </ul>
    </>
  );

  const values = data?.bills.billValues;
  // the employer badge (partnership customers): asked with the bill, or alone after it was sent
  const badgeArea = (isDisabled: boolean) => (
    <UploadArea
      label={m['bill.badge.label']}
      description={m['bill.badge.description']}
      file={c.badge}
      error={c.badgeError ? m[c.badgeError] : null}
      onChoose={(f) => send({ type: 'badge.choose', file: picked(f) })}
      onRemove={() => send({ type: 'badge.remove' })}
      isDisabled={isDisabled}
    />
  );
  if (state.matches('analysing') || state.matches('outcome') || state.matches('sendingBadge')) {
    const sendingBadge = state.matches('sendingBadge');
    const badgeMissing = Boolean(data?.customer.has_partnership && !data.badgeSent);
    const status = state.matches('analysing') ? 'PENDING' : values?.status ?? 'PENDING';
    const visitPending = status === 'APPROVED' && Boolean(data?.customer.steps.some((st) => st.type === 'TECHNICAL_VISIT' && st.status === 'PENDING'));
    // the outcome comes first: on a phone it is what the customer sees without scrolling
    return (
      <section className={s.section}>
        <h1 className={s.title}>Conta de luz</h1>
        <BillOutcome
          status={status}
          justification={values?.justification_disapproved ?? null}
          visitPending={visitPending}
          headingRef={outcomeHeading}
          live
        >
          {state.matches('analysing') ? <ProgressBar isIndeterminate aria-label={m['bill.outcome.pending']} className={s.progress}><div className={s.progressTrack} /></ProgressBar> : null}
          {state.can({ type: 'bill.reupload' }) ? (
            <div className={s.actions}><Button onPress={() => send({ type: 'bill.reupload' })}>{m['bill.reupload']}</Button></div>
          ) : null}
          {status === 'APPROVED' && next && onGo ? (
            <div className={s.actions}><Button variant="brand" onPress={() => onGo(next.path)}>{m['bill.next']} {next.label}</Button></div>
          ) : null}
        </BillOutcome>
        {badgeMissing && !state.matches('analysing') ? (
          <form className={s.form} noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'badge.submit' }); }}>
            {badgeArea(sendingBadge)}
            <div className={s.actions}><Button type="submit" variant="secondary" isPending={sendingBadge}>{m['bill.badge.send']}</Button></div>
          </form>
        ) : null}
        {badgeJustSent ? <p className={s.outcomeText} role="status">{m['upload.file.sent']}</p> : null}
        {intro}
      </section>
    );
  }

  const uploading = state.matches('uploading');
  const showBadge = Boolean(data?.customer.has_partnership && !data.badgeSent);
  return (
    <section className={s.section}>
      <h1 className={s.title}>Conta de luz</h1>
      {values && values.status !== 'PENDING' ? (
        <BillOutcome status={values.status} justification={values.justification_disapproved} visitPending={false}>
          <p className={s.outcomeText}>{m['bill.reupload.hint']}</p>
        </BillOutcome>
      ) : null}
      {intro}
      <form
        ref={form}
        className={s.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'bill.submit' });
          // refused for a missing answer: the keyboard goes to the first one (its message is read with it)
          const after = actor.getSnapshot();
          if (!after.matches('form')) return;
          const { holderError, billError, badgeError } = after.context;
          const areas = form.current?.querySelectorAll<HTMLElement>('[role="group"][aria-labelledby]');
          const target = holderError ? form.current?.querySelector<HTMLElement>('input[type="radio"]')
            : billError ? areas?.[0]?.querySelector<HTMLElement>('[data-upload-trigger]')
              : badgeError ? areas?.[1]?.querySelector<HTMLElement>('[data-upload-trigger]') : null;
          target?.focus();
        }}
      >
        <RadioGroup
          label={m['bill.holder.question']}
          value={c.holder === null ? null : c.holder ? 'yes' : 'no'}
          onChange={(v) => send({ type: 'holder.change', isHolder: v === 'yes' })}
          errorMessage={c.holderError ? m[c.holderError] : undefined}
          isDisabled={uploading}
        />
        <UploadArea
          label={m['bill.file.label']}
          file={c.bill}
          error={c.billError ? m[c.billError] : null}
          onChoose={(f) => send({ type: 'bill.choose', file: picked(f) })}
          onRemove={() => send({ type: 'bill.remove' })}
          isDisabled={uploading}
        />
        {showBadge ? badgeArea(uploading) : null}
        {uploading ? (
          <ProgressBar value={Math.round(c.progress * 100)} aria-label="Enviando a conta de luz" className={s.progress}>
            {({ percentage }) => (
              <>
                <span className={s.hint}>Enviando… {Math.round(percentage ?? 0)}%</span>
                <div className={s.progressTrack}><div className={`${s.progressFill} ${s.fillWidth[String(Math.round((percentage ?? 0) / 5) * 5)] ?? ''}`} /></div>
              </>
            )}
          </ProgressBar>
        ) : null}
        {c.error ? <p className={s.error} role="alert">{m[c.error]}</p> : null}
        <div className={s.actions}>
          <Button type="submit" isPending={uploading}>{m['bill.submit']}</Button>
        </div>
      </form>
      <Modal
        isOpen={state.matches('sent')}
        onOpenChange={(open) => { if (!open) send({ type: 'sent.acknowledge' }); }}
        title={m['bill.sent.title']}
        size="sm"
        footer={<Button onPress={() => send({ type: 'sent.acknowledge' })}>{m['bill.sent.ok']}</Button>}
      >
        <p className={s.outcomeText}>{m['bill.sent.body']}</p>
      </Modal>
    </section>
  );
}

const OUTCOME_TONE: Record<BillStatus, keyof typeof s.outcomeTone> = {
  APPROVED: 'success', DISAPPROVED: 'danger', DENIED: 'danger', WAITING: 'review', PENDING: 'review', APP: 'success',
};

function OutcomeIcon({ tone }: { tone: keyof typeof s.outcomeTone }) {
  return (
    <svg className={s.outcomeIcon} width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="12" cy="12" r="10" />
      {tone === 'success' ? <path d="M7.5 12.5l3 3 6-6.5" /> : tone === 'danger' ? <path d="M12 7v6M12 16.5v.5" /> : <path d="M12 7v5l3 2" />}
    </svg>
  );
}

/**
 * A bill outcome of spec §4 as a card: icon and colour by status, a short title, then the outcome's
 * words (the 24 h review text, the reason of a disapproval, the visit invitation).
 */
function BillOutcome({ status, justification, visitPending, headingRef, live, children }: {
  status: BillStatus;
  justification: string | null;
  visitPending: boolean;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  /** announced when it changes (the analysis view); the form's reminder is not */
  live?: boolean;
  children?: ReactNode;
}) {
  const { key, reason } = billOutcomeMessage(status, justification);
  const inReview = status === 'WAITING' || status === 'PENDING';
  const tone = OUTCOME_TONE[status];
  return (
    <div className={`${s.outcome} ${s.outcomeTone[tone]}`} role={live ? 'status' : undefined} aria-live={live ? 'polite' : undefined}>
      <div className={s.outcomeHead}>
        <OutcomeIcon tone={tone} />
        <h2 className={s.outcomeTitle} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>{inReview ? m['bill.outcome.review.title'] : m[key]}</h2>
      </div>
      {inReview ? <p className={s.outcomeText}>{m[key]}</p> : null}
      {reason ? <p className={s.outcomeText}>Motivo: {reason}</p> : null}
      {visitPending ? <p className={s.outcomeText}>{m['bill.outcome.approved.visit']}</p> : null}
      {status === 'APP' ? (
        // spec §4: APP invites the app download
        <div className={s.storeBadges}>
          <a className={s.storeBadge} href={APP_STORE_URL} target="_blank" rel="noopener noreferrer">
            <img className={s.storeBadgeImage} src="/badges/app-store.svg" alt="Baixar na App Store" width="172" height="52" />
          </a>
          <a className={s.storeBadge} href={GOOGLE_PLAY_URL} target="_blank" rel="noopener noreferrer">
            <img className={s.storeBadgeImage} src="/badges/google-play.svg" alt="Disponível no Google Play" width="192" height="52" />
          </a>
        </div>
      ) : null}
      {children}
    </div>
  );
}

/** The bill route inside the signed-in shell. */
export default function BillScreen() {
  const getApi = useApiLoader();
  const actor = useJourneyActor();
  const onLogout = useMemo(() => () => actor.send({ type: 'logout' }), [actor]);
  const reloadMenu = useMenuReload();
  const customer = useJourney((st) => st.context.customer);
  const next = useMemo(() => nextStepAfterBill(customer, hasPaymentType()), [customer]);
  const go = useGo();
  return <BillPage getApi={getApi} onLogout={onLogout} onBillChanged={reloadMenu} next={next} onGo={go} />;
}
