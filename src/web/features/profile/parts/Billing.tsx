import type { CardInput } from '#machines/checkout/checkoutMachine';
import type { Billing as BillingData, ProfileContext } from '#machines/profile/profileMachine';
import { fill, messages as m } from '#shared/messages';
import { Button } from '../../../ui/Button/Button';
import { Modal } from '../../../ui/Modal/Modal';
import { Notice } from '../../../ui/Notice/Notice';
import { CardForm } from '../../../ui/CardForm/CardForm';
import * as s from '../ProfilePage.css';

export interface BillingProps {
  billing: BillingData;
  dialog: 'closed' | 'editing' | 'busy';
  flagged: ProfileContext['flagged'];
  error: ProfileContext['cardError'];
  currentYear: number;
  onOpen: () => void;
  onClose: () => void;
  onSubmit: (card: CardInput) => void;
}

/**
 * spec §2 billing: the card (spec §3 "Card": brand, masked number, holder, due) with its update
 * dialog, the booking screen's card form; a company's boleto day (spec §6); a buyer pays on the
 * payment screen.
 */
export function Billing({ billing, dialog, flagged, error, currentYear, onOpen, onClose, onSubmit }: BillingProps) {
  const busy = dialog === 'busy';
  return (
    <section className={s.panel} aria-labelledby="profile-billing">
      <h2 id="profile-billing" className={s.panelTitle}>{m['profile.billing.title']}</h2>
      {billing.method === 'CARD' && billing.card ? (
        <>
          <dl className={s.facts} aria-label={m['checkout.card.title']}>
            {([
              [m['profile.card.brand'], billing.card.brand_name],
              [m['profile.card.number'], billing.card.number],
              [m['profile.card.holder'], billing.card.holder ?? m['profile.card.unknown']],
              [m['profile.card.due'], billing.card.due ?? m['profile.card.unknown']],
            ] as const).map(([label, value]) => (
              <div key={label} className={s.fact}><dt className={s.factLabel}>{label}</dt><dd className={s.factValue}>{value}</dd></div>
            ))}
          </dl>
          <div className={s.actions}><Button variant="secondary" onPress={onOpen}>{m['profile.card.update']}</Button></div>
        </>
      ) : null}
      {billing.method === 'CARD' && !billing.card ? <p className={s.muted}>{m['profile.card.none']}</p> : null}
      {billing.method === 'BOLETO' ? (
        billing.day ? (
          <>
            <p className={s.text}>{fill('profile.billing.boleto', { day: billing.day })}</p>
            <p className={s.muted}>{m['profile.billing.boletoNote']}</p>
          </>
        ) : <p className={s.muted}>{m['profile.billing.noBoleto']}</p>
      ) : null}
      {billing.method === 'PURCHASE' ? <p className={s.muted}>{m['profile.billing.purchase']}</p> : null}

      <Modal isOpen={dialog !== 'closed'} onOpenChange={(open) => { if (!open) onClose(); }} title={m['profile.card.dialog']} isLoading={busy}>
        <p className={s.muted}>{m['profile.card.dialogLead']}</p>
        {error ? <Notice tone="error">{m[error]}</Notice> : null}
        <CardForm flagged={flagged} busy={busy} currentYear={currentYear} onSubmit={onSubmit} />
      </Modal>
    </section>
  );
}
