import { proposalCards, type Proposal } from '#shared/proposal/rules';
import * as s from './Proposal.css';

/**
 * The five figure cards of a proposal (spec §2: power, price per power, monthly production, annual
 * savings, payback), with the shared display rules: the proposal screen's and the payment screen's header.
 */
export function ProposalCards({ proposal }: { proposal: Proposal }) {
  return (
    <ul className={s.cards} aria-label="Resumo da proposta">
      {proposalCards(proposal).map((card) => (
        <li key={card.label} className={s.card}>
          <p className={s.cardLabel}>{card.label}</p>
          <p className={s.cardValue}>{card.value}</p>
        </li>
      ))}
    </ul>
  );
}
