import { useEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { PaymentType, proposalMachine, ProposalEvent, ProposalPageData } from '#machines/proposal/proposalMachine';
import { messages as m, type MessageKey } from '#shared/messages';
import { initialProposalNextStep, PROPOSAL_TITLE, proposalApproved, type InitialProposalNext, type ProposalType } from '#shared/proposal/rules';
import { PATHS, type ScreenPath } from '#shared/routes';
import { currentStep, landingRoute } from '#shared/steps';
import { Button } from '../../ui/Button/Button';
import { PageLoading } from '../../ui/Page/PageLoading';
import { SCREEN_HEADS } from '#shared/screenHeads';
import { Modal } from '../../ui/Modal/Modal';
import { Notice } from '../../ui/Notice/Notice';
import { Page } from '../../ui/Page/Page';
import { useTitleAfterRetry } from '../../ui/Page/useTitleAfterRetry';
import { ProposalDetails } from '../../ui/Proposal/ProposalDetails';
import { ProposalSummary } from './parts/ProposalSummary';
import { SubscriptionOffer } from './parts/SubscriptionOffer';
import * as s from './ProposalPage.css';

export type ProposalSnapshot = SnapshotFrom<typeof proposalMachine>;

export interface ProposalPageProps {
  type: ProposalType;
  /** the proposal machine's snapshot */
  state: ProposalSnapshot;
  send: (event: ProposalEvent) => ProposalSnapshot;
  /** goes on to another signed-in screen (the visit, the final proposal, payment) */
  onGo: (path: ScreenPath) => void;
}

/** The initial proposal's banner after its approval, by the customer's real next step. */
const INITIAL_NEXT_TEXT: Record<InitialProposalNext, MessageKey> = {
  visit: 'proposal.initial.alreadyApproved',
  visitRequested: 'proposal.initial.next.visitRequested',
  visitNotApproved: 'proposal.initial.next.visitNotApproved',
  finalPreparing: 'proposal.initial.next.finalPreparing',
  finalProposal: 'proposal.initial.next.final',
  onward: 'proposal.initial.next.onward',
};

/** Where the banner's button leads (none while the final proposal is being prepared). */
function nextStepAction(next: InitialProposalNext, data: ProposalPageData): { path: ScreenPath; label: MessageKey } | null {
  switch (next) {
    case 'visit': return { path: PATHS.technicalVisit, label: 'proposal.initial.toVisit' };
    case 'visitRequested':
    case 'visitNotApproved': return { path: PATHS.technicalVisit, label: 'proposal.initial.toVisitDetails' };
    case 'finalProposal': return { path: PATHS.proposalFinal, label: 'proposal.final.open' };
    // past the offer without a final proposal (a plan was chosen): the landing page of the current step
    case 'onward': return { path: PATHS[landingRoute(currentStep(data.customer.steps), data.customer.kind)], label: 'proposal.initial.toCurrentStep' };
    case 'finalPreparing': return null;
  }
}

/** What the "not there yet" view says, by the machine's notReady state. */
function notReadyMessage(state: ProposalSnapshot): MessageKey {
  if (state.matches({ notReady: 'finalPreparing' })) return 'proposal.final.preparing';
  if (state.matches({ notReady: 'awaitingVisit' })) return 'proposal.final.notYet';
  return 'proposal.initial.preparing';
}

/** The proposal screen (spec §2 "Proposal screen"): one view for the initial and the final proposal. */
export function ProposalPage({ type, state, send, onGo }: ProposalPageProps) {
  const c = state.context;
  const noticeRef = useRef<HTMLDivElement>(null);
  const noticeFocused = useRef<string | null>(null);
  const shown = state.matches('shown');
  // after an approval the page reloads: the confirmation takes the focus the closed dialog gave
  // back, once (later dialogs give focus back to their own buttons)
  useEffect(() => {
    if (c.notice && shown && noticeFocused.current !== c.notice) {
      noticeFocused.current = c.notice;
      noticeRef.current?.focus();
    }
  }, [c.notice, shown]);

  const settled = !state.matches('loading') && !state.matches('deciding');
  const { titleRef, retrying } = useTitleAfterRetry(settled);
  const retry = () => { retrying(); send({ type: 'page.retry' }); };

  const title = PROPOSAL_TITLE[type];
  if (state.matches('loading') || state.matches('deciding')) return <PageLoading head={SCREEN_HEADS[type === 'INITIAL' ? 'proposalInitial' : 'proposalFinal']} />;
  if (state.matches('loadFailed') || state.matches('notReady')) {
    return (
      <Page title={title} titleRef={titleRef} width="wide">
        {state.matches('loadFailed') ? <Notice tone="error">{m['proposal.load.error']}</Notice>
          : <Notice>{m[notReadyMessage(state)]}</Notice>}
        <div className={s.actions}>
          <Button variant="secondary" onPress={retry}>{m['proposal.retry']}</Button>
        </div>
      </Page>
    );
  }

  const data = c.data!;
  const proposal = data.proposal!;
  const approving = state.matches({ shown: { decision: { initial: 'approving' } } }) || state.matches({ shown: { decision: { final: 'approving' } } });
  const choosing = (paymentType: PaymentType) => approving && c.paymentType === paymentType;
  const confirmOpen = state.matches({ shown: { decision: { initial: 'confirming' } } }) || state.matches({ shown: { decision: { initial: 'approving' } } });
  const downloading = state.matches({ shown: { pdf: 'downloading' } });
  const initialApproved = type === 'INITIAL' && proposalApproved(data.customer.steps, 'INITIAL');
  const finalApproved = type === 'FINAL' && proposalApproved(data.customer.steps, 'FINAL');
  const initialNext = type === 'INITIAL' ? initialProposalNextStep(data.customer.steps, data.hasFinalProposal) : null;
  const initialNextAction = initialNext ? nextStepAction(initialNext, data) : null;
  const finalConfirming = state.matches({ shown: { decision: { final: 'confirming' } } });
  const finalDialogOpen = finalConfirming || state.matches({ shown: { decision: { final: 'approving' } } });
  const finalDialog = c.paymentType === 'FINANCING' ? 'financing' : 'cash';

  return (
    <Page
      title={title}
      titleRef={titleRef}
      titleId="proposal-title"
      width="wide"
      lead={SCREEN_HEADS[type === 'INITIAL' ? 'proposalInitial' : 'proposalFinal'].lead}
      note={type === 'INITIAL' ? <Notice tone="warning" role={null}>{m['proposal.initial.note']}</Notice> : null}
    >
      {c.notice ? (
        <div className={s.confirmation}>
          <Notice ref={noticeRef} tabIndex={-1} tone="success">{m[c.notice]}</Notice>
          {initialApproved ? <Button variant="brand" onPress={() => onGo(PATHS.technicalVisit)}>Agendar visita técnica</Button> : null}
        </div>
      ) : initialNext ? (
        // coming back after the approval: say why 'Avançar' is closed and where the customer really is now
        <div className={s.confirmation}>
          <Notice tone={initialNext === 'visitNotApproved' ? 'warning' : 'success'}>{m[INITIAL_NEXT_TEXT[initialNext]]}</Notice>
          {initialNextAction ? <Button variant="brand" onPress={() => onGo(initialNextAction.path)}>{m[initialNextAction.label]}</Button> : null}
        </div>
      ) : null}

      <ProposalSummary proposal={proposal} onOpenDetails={() => send({ type: 'details.open' })} />
      {data.subscription ? (
        <SubscriptionOffer
          plan={data.subscription}
          onSeePlans={type === 'FINAL' && currentStep(data.customer.steps) === 'SIGNATURE' ? () => onGo(PATHS.planSignature) : undefined}
        />
      ) : null}

      {c.error ? <Notice tone="error">{m[c.error]}</Notice> : null}
      {c.downloadError ? <Notice tone="error">{m[c.downloadError]}</Notice> : null}

      {type === 'INITIAL' ? (
        <div className={s.actions}>
          <Button variant="secondary" onPress={() => send({ type: 'pdf.download' })} isPending={downloading}>{m['proposal.download']}</Button>
          <Button onPress={() => send({ type: 'proposal.advance' })} isDisabled={!state.can({ type: 'proposal.advance' })}>{m['proposal.advance']}</Button>
        </div>
      ) : (
        <>
          <div className={s.actions}>
            <Button variant="secondary" onPress={() => send({ type: 'pdf.download' })} isPending={downloading}>{m['proposal.download']}</Button>
          </div>
          {finalApproved ? (
            <div className={s.confirmation}>
              <Notice tone="success">{m['proposal.final.approved']}</Notice>
              <Button variant="brand" onPress={() => onGo(PATHS.payment)}>{m['proposal.final.toPayment']}</Button>
            </div>
          ) : null}
          <section className={s.choice} aria-labelledby="proposal-pay">
            <h2 id="proposal-pay" className={s.panelTitle}>{m['proposal.final.choose']}</h2>
            <div className={s.actions}>
              <Button
                onPress={() => send({ type: 'payment.choose', paymentType: 'CASH_PURCHASE' })}
                isDisabled={!state.can({ type: 'payment.choose', paymentType: 'CASH_PURCHASE' }) && !choosing('CASH_PURCHASE')}
                isPending={choosing('CASH_PURCHASE')}
              >
                {m['proposal.final.cash']}
              </Button>
              <Button
                variant="brand"
                onPress={() => send({ type: 'payment.choose', paymentType: 'FINANCING' })}
                isDisabled={!state.can({ type: 'payment.choose', paymentType: 'FINANCING' }) && !choosing('FINANCING')}
                isPending={choosing('FINANCING')}
              >
                {m['proposal.final.financing']}
              </Button>
            </div>
          </section>
        </>
      )}

      <Modal
        isOpen={confirmOpen}
        onOpenChange={(open) => { if (!open) send({ type: 'dialog.dismiss' }); }}
        isLoading={approving}
        size="sm"
        title={m['proposal.initialDialog.title']}
        footer={(
          <Button onPress={() => send({ type: 'dialog.confirm' })} isPending={approving}>{m['proposal.initialDialog.confirm']}</Button>
        )}
      >
        <p className={s.muted}>{m['proposal.initialDialog.body']}</p>
      </Modal>

      <Modal
        isOpen={finalDialogOpen}
        onOpenChange={(open) => { if (!open) send({ type: 'dialog.dismiss' }); }}
        isLoading={approving}
        size="sm"
        role="alertdialog"
        title={m[`proposal.finalDialog.${finalDialog}.title`]}
        footer={(
          <>
            <Button variant="secondary" onPress={() => send({ type: 'dialog.dismiss' })} isDisabled={approving}>{m['proposal.finalDialog.cancel']}</Button>
            <Button variant="brand" onPress={() => send({ type: 'dialog.confirm' })} isPending={approving}>{m['proposal.finalDialog.confirm']}</Button>
          </>
        )}
      >
        <p className={s.muted}>{m[`proposal.finalDialog.${finalDialog}.body`]}</p>
        {data.customer.kind === 'SUBSCRIPTION' ? <p className={s.muted}>{m['proposal.finalDialog.subscriptionEnds']}</p> : null}
      </Modal>

      <Modal
        isOpen={state.matches({ shown: { details: 'open' } })}
        onOpenChange={(open) => { if (!open) send({ type: 'details.close' }); }}
        size="lg"
        title={m['proposal.details.title']}
        footer={<Button variant="secondary" onPress={() => send({ type: 'details.close' })}>{m['proposal.details.close']}</Button>}
      >
        <ProposalDetails proposal={proposal} />
      </Modal>
    </Page>
  );
}
