import { messages as m } from '#shared/messages';
import { PARTNER_BANKS, type FinancingStatus } from '#shared/payment/rules';
import type { ReactNode } from 'react';
import * as s from '../PaymentPage.css';

/**
 * The financing status card (spec §4 "Financing status"): 'Solicitando financiamento' (a specialist
 * will make contact), 'Aguarde' (conditions simulated with the partners), 'Financiamento aprovado e
 * contrato gerado', 'Financiamento reprovado'. Only staff change it; the card reads it.
 */
export function FinancingStatusCard({ status, children }: { status: FinancingStatus; children?: ReactNode }) {
  return (
    <section className={s.statusCard[status]} aria-labelledby="financing-status">
      <h2 id="financing-status" className={s.panelTitle}>{m[`financing.${status}.title`]}</h2>
      <p className={s.muted}>{m[`financing.${status}.text`]}</p>
      {status === 'DENIED' ? <p className={s.muted}>{m['financing.DENIED.next']}</p> : null}
      {children}
    </section>
  );
}

/** The partner-bank card (spec §2, §9): the three banks' logos. */
export function PartnerBanks() {
  return (
    <section className={s.panel} aria-labelledby="financing-banks">
      <h2 id="financing-banks" className={s.panelTitle}>{m['financing.banks']}</h2>
      <p className={s.muted}>{m['financing.banks.lead']}</p>
      <ul className={s.banks}>
        {PARTNER_BANKS.map((bank) => (
          <li key={bank.key} className={s.bank}>
            <img className={s.bankLogo} src={`/banks/${bank.key}.svg`} alt={bank.name} width={120} height={48} />
          </li>
        ))}
      </ul>
    </section>
  );
}
