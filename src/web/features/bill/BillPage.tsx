import { useEffect, useRef, useState } from 'react';
import { ProgressBar } from 'react-aria-components/ProgressBar';
import type { SnapshotFrom } from 'xstate';
import type { billMachine, BillEvent, PickedFile } from '#machines/bill/billMachine';
import type { NextStep } from '#shared/bill/rules';
import { messages as m, t } from '#shared/messages';
import { visitAwaitingCompany } from '#shared/visit/rules';
import type { ScreenPath } from '#shared/routes';
import { Button } from '../../ui/Button/Button';
import { FileDrop } from '../../ui/FileDrop/FileDrop';
import { PageLoading } from '../../ui/Page/PageLoading';
import { SCREEN_HEADS } from '#shared/screenHeads';
import { Modal } from '../../ui/Modal/Modal';
import { Notice } from '../../ui/Notice/Notice';
import { Page, PageActions } from '../../ui/Page/Page';
import { RadioGroup } from '../../ui/RadioGroup/RadioGroup';
import { BillExplanations } from './parts/BillExplanations';
import { BillOutcome } from './parts/BillOutcome';
import { UploadProgress } from './parts/UploadProgress';
import * as s from './BillPage.css';

export type BillSnapshot = SnapshotFrom<typeof billMachine>;

export interface BillPageProps {
  /** the bill machine's snapshot */
  state: BillSnapshot;
  /** sends an event to the machine; answers with the snapshot it led to */
  send: (event: BillEvent) => BillSnapshot;
  /** where the journey goes after an approved bill (from the reloaded menu), offered as a button */
  next?: NextStep | null;
  onGo?: (path: ScreenPath) => void;
}

const picked = (file: File): PickedFile => ({ name: file.name, size: file.size, type: file.type, blob: file });

const TITLE = 'Conta de luz';

/** The bill page (spec §2 "Bill page", §4 bill outcomes): what the bill machine's state shows. */
export function BillPage({ state, send, next, onGo }: BillPageProps) {
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
    return <PageLoading head={SCREEN_HEADS.bill} />;
  }
  if (state.matches('loadFailed')) {
    return (
      <Page title={TITLE}>
        <Notice tone="error">{m[c.error ?? 'bill.load.error']}</Notice>
        <PageActions><Button onPress={() => send({ type: 'page.retry' })}>Tentar novamente</Button></PageActions>
      </Page>
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
        <p className={s.text}>{m['bill.region.body']}</p>
      </Modal>
    );
  }

  const values = data?.bills.billValues;
  // the employer badge (partnership customers): asked with the bill, or alone after it was sent
  const badgeArea = (isDisabled: boolean) => (
    <FileDrop
      label={m['bill.badge.label']}
      description={m['bill.badge.description']}
      file={c.badge}
      error={t(c.badgeError) ?? null}
      onChoose={(f) => send({ type: 'badge.choose', file: picked(f) })}
      onRemove={() => send({ type: 'badge.remove' })}
      isDisabled={isDisabled}
    />
  );
  if (state.matches('analysing') || state.matches('outcome') || state.matches('sendingBadge')) {
    const sendingBadge = state.matches('sendingBadge');
    const badgeMissing = Boolean(data?.customer.has_partnership && !data.badgeSent);
    const status = state.matches('analysing') ? 'PENDING' : values?.status ?? 'PENDING';
    const visitPending = status === 'APPROVED' && visitAwaitingCompany(data?.customer.steps);
    // the outcome comes first: on a phone it is what the customer sees without scrolling
    return (
      <Page title={TITLE}>
        <BillOutcome
          status={status}
          justification={values?.justification_disapproved ?? null}
          visitPending={visitPending}
          headingRef={outcomeHeading}
          live
        >
          {state.matches('analysing') ? <ProgressBar isIndeterminate aria-label={m['bill.outcome.pending']} className={s.progress}><div className={s.progressTrack} /></ProgressBar> : null}
          {state.can({ type: 'bill.reupload' }) ? (
            <PageActions><Button onPress={() => send({ type: 'bill.reupload' })}>{m['bill.reupload']}</Button></PageActions>
          ) : null}
          {status === 'APPROVED' && next && onGo ? (
            <PageActions><Button variant="brand" onPress={() => onGo(next.path)}>{m['bill.next']} {next.label}</Button></PageActions>
          ) : null}
        </BillOutcome>
        {badgeMissing && !state.matches('analysing') ? (
          <form className={s.form} noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'badge.submit' }); }}>
            {badgeArea(sendingBadge)}
            <PageActions><Button type="submit" variant="secondary" isPending={sendingBadge}>{m['bill.badge.send']}</Button></PageActions>
          </form>
        ) : null}
        {badgeJustSent ? <p className={s.text} role="status">{m['upload.file.sent']}</p> : null}
        <BillExplanations sentAlready />
      </Page>
    );
  }

  const uploading = state.matches('uploading');
  const showBadge = Boolean(data?.customer.has_partnership && !data.badgeSent);
  return (
    <Page title={TITLE}>
      {values && values.status !== 'PENDING' ? (
        <BillOutcome status={values.status} justification={values.justification_disapproved} visitPending={false}>
          <p className={s.text}>{m['bill.reupload.hint']}</p>
        </BillOutcome>
      ) : null}
      <BillExplanations sentAlready={false} />
      <form
        ref={form}
        className={s.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const after = send({ type: 'bill.submit' });
          // refused for a missing answer: the keyboard goes to the first one (its message is read with it)
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
          errorMessage={t(c.holderError)}
          isDisabled={uploading}
        />
        <FileDrop
          label={m['bill.file.label']}
          file={c.bill}
          error={t(c.billError) ?? null}
          onChoose={(f) => send({ type: 'bill.choose', file: picked(f) })}
          onRemove={() => send({ type: 'bill.remove' })}
          isDisabled={uploading}
        />
        {showBadge ? badgeArea(uploading) : null}
        {uploading ? <UploadProgress ratio={c.progress} /> : null}
        {c.error ? <Notice tone="error">{m[c.error]}</Notice> : null}
        <PageActions>
          <Button type="submit" isPending={uploading}>{m['bill.submit']}</Button>
        </PageActions>
      </form>
      <Modal
        isOpen={state.matches('sent')}
        onOpenChange={(open) => { if (!open) send({ type: 'sent.acknowledge' }); }}
        title={m['bill.sent.title']}
        size="sm"
        footer={<Button onPress={() => send({ type: 'sent.acknowledge' })}>{m['bill.sent.ok']}</Button>}
      >
        <p className={s.text}>{m['bill.sent.body']}</p>
      </Modal>
    </Page>
  );
}
