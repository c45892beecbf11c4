import { useEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { ProfileEvent, profileMachine } from '#machines/profile/profileMachine';
import { messages as m } from '#shared/messages';
import { keptOnDeletion } from '#shared/profile/rules';
import { SCREENS } from '#shared/routes';
import { Button } from '../../ui/Button/Button';
import { PageLoading } from '../../ui/Page/PageLoading';
import { SCREEN_HEADS } from '#shared/screenHeads';
import { Notice } from '../../ui/Notice/Notice';
import { Page } from '../../ui/Page/Page';
import { useTitleAfterRetry } from '../../ui/Page/useTitleAfterRetry';
import { Billing } from './parts/Billing';
import { DocumentsAndContracts } from './parts/DocumentsAndContracts';
import { OrderSummary } from './parts/OrderSummary';
import { EmailChange, type EmailChangeStep } from './parts/EmailChange';
import { PersonalData } from './parts/PersonalData';
import { PurchaseSteps } from './parts/PurchaseSteps';
import { RetentionList, YourData, type DeletionStep } from './parts/YourData';
import { Sessions, type SessionsStep } from './parts/Sessions';
import * as s from './ProfilePage.css';

export type ProfileSnapshot = SnapshotFrom<typeof profileMachine>;

export interface ProfilePageProps {
  state: ProfileSnapshot;
  send: (event: ProfileEvent) => ProfileSnapshot;
  /** the year the card's expiry list starts from */
  currentYear: number;
}

const TITLE = SCREENS.profile.title;
const DELETION_STEPS = ['explaining', 'sending', 'entering', 'resending', 'deleting'] as const;
const EMAIL_STEPS = ['asking', 'sending', 'entering', 'resending', 'confirming'] as const;
const SESSIONS_STEPS = ['sending', 'entering', 'resending', 'ending'] as const;

/** 'Meu perfil' (spec §2 "Profile page"): the blocks, drawn from the profile machine's state. */
export function ProfilePage({ state, send, currentYear }: ProfilePageProps) {
  const c = state.context;
  const settled = !state.matches('loading');
  const { titleRef, retrying } = useTitleAfterRetry(settled);
  const deletedRef = useRef<HTMLDivElement>(null);
  const deleted = state.matches('deleted');
  useEffect(() => { if (deleted) deletedRef.current?.focus(); }, [deleted]);

  if (!settled || state.matches('left')) return <PageLoading head={SCREEN_HEADS.profile} />;
  if (state.matches('loadFailed')) {
    return (
      <Page title={TITLE} titleRef={titleRef} width="wide">
        <Notice tone="error">{m['profile.load.error']}</Notice>
        <div><Button variant="secondary" onPress={() => { retrying(); send({ type: 'page.retry' }); }}>{m['profile.retry']}</Button></div>
      </Page>
    );
  }
  if (deleted) {
    return (
      <Page title={m['profile.deleted.title']} width="narrow">
        <div ref={deletedRef} tabIndex={-1} className={s.deleted}>
          <Notice tone="success" role="status">{m['profile.deleted.text']}</Notice>
          <h2 id="profile-deleted-kept" className={s.panelTitle}>{m['profile.deleted.kept']}</h2>
          <RetentionList categories={c.kept} labelledBy="profile-deleted-kept" />
          <Button variant="primary" onPress={() => send({ type: 'deleted.leave' })}>{m['profile.deleted.leave']}</Button>
        </div>
      </Page>
    );
  }

  const data = c.data!;
  const buyer = data.customer.subscription_lending === 'LENDING';
  const cardDialog = state.matches({ ready: { card: 'editing' } }) ? 'editing' as const : state.matches({ ready: 'card' }) ? 'busy' as const : 'closed' as const;
  const deletion: DeletionStep = DELETION_STEPS.find((step) => state.matches({ ready: { deletion: step } })) ?? 'closed';
  const sessionsStep: SessionsStep = SESSIONS_STEPS.find((step) => state.matches({ ready: { sessions: step } })) ?? 'closed';
  const emailStep: EmailChangeStep = EMAIL_STEPS.find((step) => state.matches({ ready: { email: step } })) ?? 'closed';
  const framing = state.matches({ ready: 'framing' }) || state.matches({ ready: 'checking' }) ? data.contracts.find((x) => x.id === c.openId) ?? null : null;
  return (
    <Page title={TITLE} titleRef={titleRef} lead={m['profile.lead']} width="wide" busy={state.matches({ ready: 'reloadingCard' })}>
      <div className={s.grid}>
        {buyer ? (
          <PurchaseSteps
            data={data} framing={framing} checking={state.matches({ ready: 'checking' })} refusal={state.matches({ ready: 'notNow' }) ? c.refusal : null}
            paying={state.matches({ ready: 'paying' })} send={send}
          />
        ) : null}
        <PersonalData
          customer={data.customer} errors={c.personalErrors} note={c.personalNote} saving={state.matches({ ready: 'saving' })}
          onSave={(values) => Object.keys(send({ type: 'personal.save', ...values }).context.personalErrors).length > 0}
          onChangeEmail={() => send({ type: 'email.open' })}
        />
        <EmailChange step={emailStep} context={c} send={send} />
        <OrderSummary data={data} />
        <Billing
          billing={data.billing} dialog={cardDialog} flagged={c.flagged} error={c.cardError} currentYear={currentYear}
          onOpen={() => send({ type: 'card.open' })} onClose={() => send({ type: 'card.close' })} onSubmit={(card) => send({ type: 'card.submit', card })}
        />
        <DocumentsAndContracts data={data} onContracts={() => send({ type: 'contracts.go' })} />
        <Sessions sessions={data.sessions} step={sessionsStep} context={c} send={send} />
        <YourData
          willKeep={keptOnDeletion({
            signedContracts: [...data.contracts, ...data.customer.contracts].some((x) => x.is_client_signed),
            cardOrBoleto: (data.billing.method === 'CARD' && data.billing.card !== null) || (data.billing.method === 'BOLETO' && data.billing.day !== null),
            invoices: data.invoice !== null && data.invoice !== 'unknown',
          })}
          exporting={state.matches({ ready: 'exporting' })} deletion={deletion} context={c} send={send}
        />
      </div>
    </Page>
  );
}
