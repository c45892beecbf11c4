import { useEffect, useRef, useState } from 'react';
import { messages as m, type MessageKey } from '#shared/messages';
import { formatBRL } from '#shared/money';
import { formatDigitableLine } from '#shared/payment/invoice';
import type { Invoice } from '#shared/payment/payloads';
import { Button } from '../../../ui/Button/Button';
import { Notice } from '../../../ui/Notice/Notice';
import { visuallyHidden } from '../../../theme/a11y.css';
import * as s from '../PaymentPage.css';

/** yyyy-mm-dd as the customer reads it: dd/mm/aaaa */
const shownDate = (iso: string) => {
  const [y, mo, d] = iso.split('-');
  return y && mo && d ? `${d}/${mo}/${y}` : iso;
};

/** A code the customer pastes in the bank's app, with its copy button ('Copiado!' for a moment). */
function CopyCode({ label, value, shown = value }: { label: string; value: string; /** how it reads (the copy is the value as the bank's app takes it) */ shown?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2_000);
    } catch {
      // no clipboard (an old browser, a refused permission): the text stays selectable
    }
  };
  return (
    <div className={s.codeBlock}>
      <dt className={s.factLabel}>{label}</dt>
      <dd className={s.code}>
        <span className={s.codeText}>{shown}</span>
        <Button variant="secondary" size="sm" onPress={copy} aria-label={`${m['payment.invoice.copy']}: ${label}`}>
          {copied ? m['payment.invoice.copied'] : m['payment.invoice.copy']}
        </Button>
        <span role="status" className={visuallyHidden}>{copied ? m['payment.invoice.copied'] : ''}</span>
      </dd>
    </div>
  );
}

export interface InvoicePanelProps {
  invoice: Invoice | null;
  creating: boolean;
  checking: boolean;
  /** 'Gerar fatura' is taken now (both signatures, no open invoice) */
  canCreate: boolean;
  /** the browser blocked the new tab: the invoice opens from its link */
  tabBlocked: boolean;
  notice: MessageKey | null;
  error: MessageKey | null;
  onCreate: () => void;
  onRefresh: () => void;
}

/**
 * The cash purchase's invoice (spec §7): 'Gerar fatura' issues it and opens its page (boleto PDF)
 * in a new tab; then the due date, the total, the boleto's digitable line and the Pix copy-paste
 * code with copy buttons, 'Abrir fatura' and 'Já paguei', which reads the invoice's status.
 */
export function InvoicePanel({ invoice, creating, checking, canCreate, tabBlocked, notice, error, onCreate, onRefresh }: InvoicePanelProps) {
  const open = invoice?.invoice_status === 'PENDING';
  const replaced = invoice?.invoice_status === 'CANCELED' ? 'payment.invoice.canceled' : invoice?.invoice_status === 'EXPIRED' ? 'payment.invoice.expired' : null;
  return (
    <section className={s.panel} aria-labelledby="payment-invoice">
      <h2 id="payment-invoice" className={s.panelTitle}>{m['payment.invoice.title']}</h2>
      <p className={s.muted}>{m['payment.invoice.lead']}</p>
      {replaced ? <Notice tone="warning">{m[replaced]}</Notice> : null}
      {error ? <Notice tone="error">{m[error]}</Notice> : null}
      {open ? (
        <>
          <Notice tone="info">{m['payment.invoice.pending']}</Notice>
          {tabBlocked ? <Notice tone="warning">{m['payment.invoice.popupBlocked']}</Notice> : null}
          <dl className={s.facts}>
            <div className={s.fact}><dt className={s.factLabel}>{m['payment.invoice.due']}</dt><dd className={s.factValue}>{shownDate(invoice.due_date)}</dd></div>
            <div className={s.fact}><dt className={s.factLabel}>{m['payment.invoice.total']}</dt><dd className={s.factValue}>{formatBRL(invoice.total)}</dd></div>
            {invoice.digitable_line ? <CopyCode label={m['payment.invoice.digitableLine']} value={invoice.digitable_line} shown={formatDigitableLine(invoice.digitable_line)} /> : null}
            {invoice.pix_code ? <CopyCode label={m['payment.invoice.pix']} value={invoice.pix_code} /> : null}
          </dl>
          <div className={s.actions}>
            <a className={s.linkButton} href={invoice.invoice_url} target="_blank" rel="noopener noreferrer">{m['payment.invoice.open']}</a>
            <Button variant="secondary" onPress={onRefresh} isPending={checking}>{m['payment.invoice.refresh']}</Button>
          </div>
          {notice ? <Notice tone="warning">{m[notice]}</Notice> : null}
        </>
      ) : (
        <div className={s.actions}>
          <Button variant="primary" onPress={onCreate} isPending={creating} isDisabled={!canCreate && !creating}>{m['payment.invoice.create']}</Button>
        </div>
      )}
    </section>
  );
}
