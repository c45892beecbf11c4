import { useEffect } from 'react';
import { documentMachine, type Chosen } from '#machines/document/documentMachine';
import { DOCUMENT_STATUS_LABEL, documentSlots, openSlots } from '#shared/document/rules';
import { fill, messages as m } from '#shared/messages';
import type { Api } from '../../../api/client';
import { usePageMachine } from '../../../journey/usePageMachine';
import { Button } from '../../../ui/Button/Button';
import { FileDrop } from '../../../ui/FileDrop/FileDrop';
import { LoadingScreen } from '../../../ui/LoadingScreen/LoadingScreen';
import { Modal } from '../../../ui/Modal/Modal';
import { Notice } from '../../../ui/Notice/Notice';
import { documentActors } from '../documentActors';
import * as s from '../CheckoutPage.css';

/**
 * The documents card of the booking screen (spec §2, §4 "Document upload"): the statuses of what was
 * sent ('Em análise', 'Negado' with the reason, 'Aprovado') and an upload area per open slot.
 */
export function Documents({ getApi, onConfirmSent, onReviewing }: {
  getApi: () => Promise<Api>;
  /** the confirm of 'Documento enviado com sucesso!': the holder data comes next */
  onConfirmSent?: () => void;
  /** every document is in review or approved (the holder data may be given) */
  onReviewing?: (reviewing: boolean) => void;
}) {
  const [state, send] = usePageMachine(documentMachine, documentActors(getApi), { actions: { openHolderData: () => onConfirmSent?.() } });
  const reviewing = state.matches('reviewing');
  useEffect(() => { onReviewing?.(reviewing); }, [reviewing, onReviewing]);
  const c = state.context;
  if (state.matches('loading') || state.matches('deciding')) {
    return <section className={s.panel} aria-label={m['document.title']}><LoadingScreen inline /></section>;
  }
  if (state.matches('loadFailed')) {
    return (
      <section className={s.panel} aria-labelledby="booking-documents">
        <h2 id="booking-documents" className={s.panelTitle}>{m['document.title']}</h2>
        <Notice tone="error">{m['document.load.error']}</Notice>
        <div><Button variant="secondary" onPress={() => send({ type: 'page.retry' })}>{m['document.retry']}</Button></div>
      </section>
    );
  }
  const data = c.data!;
  const sending = state.matches('sending');
  const open = openSlots(data.documentType, data.documents);
  const allApproved = data.documents.length > 0 && open.length === 0 && data.documents.every((d) => d.status === 'APPROVED');
  return (
    <section className={s.panel} aria-labelledby="booking-documents">
      <h2 id="booking-documents" className={s.panelTitle}>{m['document.title']}</h2>
      {data.documents.length > 0 ? (
        <ul className={s.statusList} aria-label="Situação dos documentos">
          {data.documents.map((d) => (
            <li key={d.id} className={s.statusItem}>
              <span>{d.name}</span>
              <span className={s.status[d.status]}>{DOCUMENT_STATUS_LABEL[d.status]}</span>
              {d.status === 'DENIED' && d.justification ? (
                <span className={s.statusReason}>{`${fill('document.denied.reason', { reason: d.justification })} ${m['document.denied.again']}`}</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {state.matches('reviewing') ? <Notice tone={allApproved ? 'success' : 'info'}>{allApproved ? m['document.approved'] : m['document.reviewing']}</Notice> : null}
      {open.length > 0 && !state.matches('reviewing') ? (
        <>
          <p className={s.muted}>{data.documentType === 'CNPJ' ? m['document.lead.company'] : m['document.lead.individual']}</p>
          {documentSlots(data.documentType).filter((slot) => open.some((o) => o.field === slot.field)).map((slot) => (
            <FileDrop
              key={slot.field}
              label={slot.required ? `${slot.label} *` : slot.label}
              description={data.documentType === 'CPF' ? m['document.hint'] : undefined}
              file={c.chosen[slot.field] ?? null}
              error={c.fileErrors[slot.field] ? m[c.fileErrors[slot.field]!] : null}
              onChoose={(file) => send({ type: 'file.choose', field: slot.field, file: file as Chosen })}
              onRemove={() => send({ type: 'file.remove', field: slot.field })}
              isDisabled={sending}
            />
          ))}
          {c.error ? <Notice tone="error">{m[c.error]}</Notice> : null}
          <div><Button variant="primary" onPress={() => send({ type: 'documents.submit' })} isPending={sending}>{m['document.submit']}</Button></div>
        </>
      ) : null}
      <Modal
        isOpen={state.matches('sent')}
        onOpenChange={(isOpen) => { if (!isOpen) send({ type: 'dialog.confirm' }); }}
        title={m['document.sent.title']}
        size="sm"
        footer={<Button variant="primary" onPress={() => send({ type: 'dialog.confirm' })}>{m['document.sent.confirm']}</Button>}
      >
        <p className={s.muted}>{m['document.sent.text']}</p>
      </Modal>
    </section>
  );
}
