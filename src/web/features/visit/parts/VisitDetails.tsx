import type { Ref } from 'react';
import { isOpenVisit, VISIT_STATUS_LABEL, visitWhen, type Visit, type VisitStatus } from '#shared/visit/payloads';
import { messages as m } from '#shared/messages';
import { formatPhone } from '#shared/phone';
import { Button } from '../../../ui/Button/Button';
import { Modal } from '../../../ui/Modal/Modal';
import { Notice, type NoticeTone } from '../../../ui/Notice/Notice';
import { PageActions } from '../../../ui/Page/Page';
import * as s from '../VisitPage.css';

/** requested (waiting for the company), confirmed, done and approved, done and not approved */
const STATUS_TONE: Record<VisitStatus, NoticeTone> = {
  UNCONFIRMED_APPOINTMENT: 'warning', CONFIRMED_SCHEDULE: 'info', ACCOMPLISHED_AND_APPROVED: 'success', DONE_AND_NOT_APPROVED: 'error',
};

/** The banner's sentence for a visit's status (spec §4 visit statuses). */
function statusText(visit: Visit): string {
  const when = visitWhen(visit.date, visit.time);
  const main = visit.status === 'CONFIRMED_SCHEDULE' ? `Dia ${when}.`
    : isOpenVisit(visit.status) ? `Visita para ${when}.`
      : m['visit.done.when'].replace('{when}', when);
  if (visit.status === 'UNCONFIRMED_APPOINTMENT') return `${main} Avisaremos você quando a visita for confirmada.`;
  if (visit.status === 'ACCOMPLISHED_AND_APPROVED') return `${main} ${m['visit.done.approved']}`;
  if (visit.status === 'DONE_AND_NOT_APPROVED') return `${main} ${m['visit.done.notApproved']}`;
  return main;
}

export interface VisitDetailsProps {
  visit: Visit;
  /** the status banner takes the focus when the details replace the form */
  bannerRef: Ref<HTMLDivElement>;
  /** which confirmation is open, if any */
  confirming: 'cancel' | 'reschedule' | null;
  cancelling: boolean;
  onReschedule: () => void;
  onCancel: () => void;
  onConfirm: () => void;
  onDismiss: () => void;
}

/** The booked visit: its status banner, where and when, and (while open) reschedule or cancel after a confirmation. */
export function VisitDetails({ visit, bannerRef, confirming, cancelling, onReschedule, onCancel, onConfirm, onDismiss }: VisitDetailsProps) {
  const open = isOpenVisit(visit.status);
  const rows: [string, string][] = [
    ['Telefone', formatPhone(`55${visit.phone}`).replace(/^\+55 /, '')],
    ['Endereço', visit.address],
    ['Número', visit.number],
    ['Complemento', visit.complement ?? '—'],
    ['Bairro', visit.neighborhood],
    ['CEP', `${visit.cep.slice(0, 5)}-${visit.cep.slice(5)}`],
    ['Cidade', visit.city],
    ['Estado', visit.state],
  ];
  const rescheduling = confirming === 'reschedule';
  return (
    <>
      <Notice ref={bannerRef} tabIndex={-1} tone={STATUS_TONE[visit.status]} role="status" title={VISIT_STATUS_LABEL[visit.status]} size="md">
        <p className={s.text}>{statusText(visit)}</p>
      </Notice>
      <dl className={s.details} aria-label="Dados da visita">
        {rows.map(([term, value]) => (
          <div key={term} className={term === 'Telefone' || term === 'Endereço' ? s.detailWide : undefined}>
            <dt className={s.term}>{term}</dt>
            <dd className={s.value}>{value}</dd>
          </div>
        ))}
      </dl>
      {open ? (
        <PageActions>
          <Button variant="secondary" onPress={onReschedule} isDisabled={cancelling}>Reagendar visita</Button>
          <Button variant="secondary" onPress={onCancel} isPending={cancelling}>Cancelar visita</Button>
        </PageActions>
      ) : null}
      <Modal
        isOpen={confirming !== null || cancelling}
        onOpenChange={(isOpen) => { if (!isOpen) onDismiss(); }}
        isLoading={cancelling}
        role="alertdialog"
        size="sm"
        title={rescheduling ? 'Reagendar a visita?' : 'Cancelar a visita?'}
        footer={(
          <>
            <Button variant="secondary" onPress={onDismiss} isDisabled={cancelling}>Voltar</Button>
            <Button onPress={onConfirm} isPending={cancelling}>{rescheduling ? 'Escolher novo dia' : 'Cancelar visita'}</Button>
          </>
        )}
      >
        <p className={s.text}>
          {rescheduling
            ? `Sua visita de ${visitWhen(visit.date, visit.time)} será trocada pelo novo dia e horário que você escolher.`
            : `Sua visita de ${visitWhen(visit.date, visit.time)} será cancelada. Você poderá agendar outro dia quando quiser.`}
        </p>
      </Modal>
    </>
  );
}
