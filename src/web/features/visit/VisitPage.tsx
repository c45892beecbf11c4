import { useEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { visitMachine, VisitEvent } from '#machines/visit/visitMachine';
import { visitWhen } from '#shared/visit/payloads';
import { messages as m } from '#shared/messages';
import { Button } from '../../ui/Button/Button';
import { PageLoading } from '../../ui/Page/PageLoading';
import { SCREEN_HEADS } from '#shared/screenHeads';
import { Notice } from '../../ui/Notice/Notice';
import { Page, PageActions } from '../../ui/Page/Page';
import { VisitDetails } from './parts/VisitDetails';
import { VisitForm } from './parts/VisitForm';
import * as s from './VisitPage.css';
import { SCREENS } from '#shared/routes';

export type VisitSnapshot = SnapshotFrom<typeof visitMachine>;

export interface VisitPageProps {
  /** the visit machine's snapshot */
  state: VisitSnapshot;
  /** sends an event to the machine; answers with the snapshot it led to */
  send: (event: VisitEvent) => VisitSnapshot;
}

/** The technical-visit page (spec §2 "Technical visit screen", §4 statuses, §5 form rules): what the visit machine's state shows. */
export function VisitPage({ state, send }: VisitPageProps) {
  const c = state.context;

  // the form and the details replace each other under the keyboard (booked, cancelled, rescheduling,
  // 'Manter a visita atual'): focus goes to what the new view says first, not back to the page's top
  const bannerRef = useRef<HTMLDivElement>(null);
  const leadRef = useRef<HTMLParagraphElement>(null);
  const view = state.matches('details') || state.matches('booked') ? 'details' : state.matches('form') || state.matches('submitting') ? 'form' : null;
  const lastView = useRef<typeof view>(null);
  // 'Tentar novamente' after a failed load counts as a change of view too
  const retried = useRef(false);
  const failedRef = useRef<HTMLDivElement>(null);
  const failed = state.matches('loadFailed');
  useEffect(() => {
    if (failed && retried.current) {
      retried.current = false;
      failedRef.current?.focus();
      return;
    }
    if (view === null) return;
    const before = lastView.current;
    lastView.current = view;
    if (!retried.current && (before === null || before === view)) return;
    retried.current = false;
    (view === 'details' ? bannerRef.current : leadRef.current)?.focus();
  }, [view, failed]);

  if (state.matches('loading')) return <PageLoading head={SCREEN_HEADS.technicalVisit} />;
  if (failed) {
    return (
      <Page title={SCREENS.technicalVisit.title} width="medium">
        <Notice ref={failedRef} tabIndex={-1} tone="error">{m['visit.load.error']}</Notice>
        <PageActions><Button onPress={() => { retried.current = true; send({ type: 'page.retry' }); }}>Tentar novamente</Button></PageActions>
      </Page>
    );
  }

  // spec §2: the next-step bar, for subscription customers
  const stepBar = state.can({ type: 'back.press' }) ? (
    <nav className={s.stepBar} aria-label="Etapas">
      <Button variant="ghost" size="sm" onPress={() => send({ type: 'back.press' })}>{m['visit.back']}</Button>
      <Button variant="secondary" size="sm" onPress={() => send({ type: 'next.press' })} isDisabled={!state.can({ type: 'next.press' })}>{m['visit.next']}</Button>
    </nav>
  ) : null;

  const visit = c.data?.visit;
  if ((state.matches('details') || state.matches('booked')) && visit) {
    const cancelling = state.matches({ details: 'cancelling' });
    const confirming = state.matches({ details: 'confirmingReschedule' }) ? 'reschedule' : state.matches({ details: 'confirmingCancel' }) ? 'cancel' : null;
    return (
      <Page title={SCREENS.technicalVisit.title} width="medium" busy={state.matches('booked') || cancelling}>
        <VisitDetails
          visit={visit}
          bannerRef={bannerRef}
          confirming={confirming}
          cancelling={cancelling}
          onReschedule={() => send({ type: 'visit.reschedule' })}
          onCancel={() => send({ type: 'visit.cancel' })}
          onConfirm={() => send({ type: 'change.confirm' })}
          onDismiss={() => send({ type: 'change.dismiss' })}
        />
        {stepBar}
      </Page>
    );
  }

  const submitting = state.matches('submitting');
  const mayBook = state.can({ type: 'visit.submit' }) || submitting;
  const cancelled = c.mode === 'book' && !c.data?.visit ? c.data?.cancelled ?? null : null;
  const current = c.mode === 'reschedule' ? c.data?.visit ?? null : null;
  return (
    <Page
      title={SCREENS.technicalVisit.title}
      width="medium"
      leadRef={leadRef}
      lead={current
        ? m['visit.reschedule.lead'].replace('{when}', visitWhen(current.date, current.time))
        : m['visit.lead']}
    >
      {cancelled ? <Notice role={null}>{m['visit.cancelledNotice'].replace('{when}', visitWhen(cancelled.date, cancelled.time))}</Notice> : null}
      {!mayBook ? <Notice>{m['visit.status.UNCONFIRMED_APPOINTMENT']}: aguarde a confirmação da empresa.</Notice> : null}
      <VisitForm state={state} send={send} />
      {stepBar}
    </Page>
  );
}
