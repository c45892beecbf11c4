import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromCallback, fromPromise } from 'xstate';
import { ProgressBar } from 'react-aria-components/ProgressBar';
import { billMachine, billOutcomeMessage, type BillPageData, type PickedFile, type UploadInput } from '../../../../machines/bill/billMachine';
import { Button } from '../../components/Button/Button';
import { LoadingScreen } from '../../components/LoadingScreen/LoadingScreen';
import { Modal } from '../../components/Modal/Modal';
import { RadioGroup } from '../../components/RadioGroup/RadioGroup';
import { ApiError, type Api } from '../../api/client';
import { messages as m, type MessageKey } from '../../../shared/messages';
import { useApiLoader, useJourneyActor } from '../../app/JourneyContext';
import { UploadArea } from './UploadArea';
import * as s from './BillScreen.css';

const picked = (file: File): PickedFile => ({ name: file.name, size: file.size, type: file.type, blob: file });

/** Why a bill upload failed, in the catalogue's words (the server's 413/415 are the browser's own checks). */
function uploadFailure(error: unknown, fallback: MessageKey): MessageKey {
  if (error instanceof ApiError && error.status === 413) return 'upload.file.tooLarge';
  if (error instanceof ApiError && error.status === 415) return 'upload.file.unsupported';
  return fallback;
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
            send({ type: 'upload.failed', message: uploadFailure(e, 'partnership.badge.error') });
            return;
          }
        }
        try {
          await api.uploadBill(input.bill.blob as Blob, input.bill.name, input.isHolder, (r) => send({ type: 'upload.progress', ratio: share + r * (1 - share) }));
          send({ type: 'upload.done' });
        } catch (e) {
          send({ type: 'upload.failed', message: uploadFailure(e, 'bill.upload.error') });
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
}

/** The bill page (spec §2 "Bill page", §4 bill outcomes). */
export function BillPage({ getApi, onLogout }: BillPageProps) {
  const machine = useMemo(
    () => billMachine.provide({ actors: billActors(getApi), actions: { logOut: () => onLogout() } }),
    [getApi, onLogout],
  );
  const [state, send] = useMachine(machine);
  const c = state.context;
  const data = c.data;

  if (state.matches('loading') || state.matches('deciding') || state.matches('simulating') || state.matches('followingUp')) {
    return <LoadingScreen inline />;
  }
  if (state.matches('loadFailed')) {
    return (
      <section className={s.section}>
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

  const header = (
    <>
      <h1 className={s.title}>Conta de luz</h1>
      <p className={s.lead}>Envie a sua conta de luz mais recente. Nosso assistente virtual lê os dados abaixo para montar a sua proposta.</p>
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
  if (state.matches('analysing') || state.matches('outcome')) {
    const status = state.matches('analysing') ? 'PENDING' : values?.status ?? 'PENDING';
    const outcome = billOutcomeMessage(status, values?.justification_disapproved ?? null);
    const visitPending = status === 'APPROVED' && data?.customer.steps.some((st) => st.type === 'TECHNICAL_VISIT' && st.status === 'PENDING');
    return (
      <section className={s.section}>
        {header}
        <div className={s.outcome} role="status" aria-live="polite">
          <h2 className={s.outcomeTitle}>{outcome.reason && status === 'DISAPPROVED' ? m['bill.outcome.disapproved'] : m[outcome.key]}</h2>
          {outcome.reason ? <p className={s.outcomeText}>Motivo: {outcome.reason}</p> : null}
          {visitPending ? <p className={s.outcomeText}>{m['bill.outcome.approved.visit']}</p> : null}
          {state.matches('analysing') ? <ProgressBar isIndeterminate aria-label={m['bill.outcome.pending']} className={s.progress}><div className={s.progressTrack} /></ProgressBar> : null}
          {state.can({ type: 'bill.reupload' }) ? (
            <div className={s.actions}><Button onPress={() => send({ type: 'bill.reupload' })}>{m['bill.reupload']}</Button></div>
          ) : null}
        </div>
      </section>
    );
  }

  const uploading = state.matches('uploading');
  const showBadge = Boolean(data?.customer.has_partnership && !data.badgeSent);
  return (
    <section className={s.section}>
      {header}
      {values && values.status !== 'PENDING' ? (
        <div className={s.outcome} role="status">
          <h2 className={s.outcomeTitle}>{m[billOutcomeMessage(values.status, null).key]}</h2>
          {values.justification_disapproved ? <p className={s.outcomeText}>Motivo: {values.justification_disapproved}</p> : null}
          <p className={s.outcomeText}>{m['bill.reupload.hint']}</p>
        </div>
      ) : null}
      <form
        className={s.form}
        noValidate
        onSubmit={(e) => { e.preventDefault(); send({ type: 'bill.submit' }); }}
      >
        <RadioGroup
          label={m['bill.holder.question']}
          value={c.holder === null ? null : c.holder ? 'yes' : 'no'}
          onChange={(v) => send({ type: 'holder.change', isHolder: v === 'yes' })}
          errorMessage={c.holderError ? m[c.holderError] : undefined}
          isDisabled={uploading}
        />
        <UploadArea
          label="Conta de luz mais recente"
          file={c.bill}
          error={c.billError ? m[c.billError] : null}
          onChoose={(f) => send({ type: 'bill.choose', file: picked(f) })}
          onRemove={() => send({ type: 'bill.remove' })}
          isDisabled={uploading}
        />
        {showBadge ? (
          <UploadArea
            label="Crachá ou documento de identificação de funcionário"
            file={c.badge}
            error={c.badgeError ? m[c.badgeError] : null}
            onChoose={(f) => send({ type: 'badge.choose', file: picked(f) })}
            onRemove={() => send({ type: 'badge.remove' })}
            isDisabled={uploading}
          />
        ) : null}
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

/** The bill route inside the signed-in shell. */
export default function BillScreen() {
  const getApi = useApiLoader();
  const actor = useJourneyActor();
  const onLogout = useMemo(() => () => actor.send({ type: 'logout' }), [actor]);
  return <BillPage getApi={getApi} onLogout={onLogout} />;
}
