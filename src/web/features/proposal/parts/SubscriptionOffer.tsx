import type { PlanOffer } from '#shared/plan/payloads';
import { fill, messages as m } from '#shared/messages';
import { formatBRL } from '#shared/money';
import { Button } from '../../../ui/Button/Button';
import * as s from '../ProposalPage.css';

/**
 * Beside the purchase figures, what the subscription the customer was sold costs and saves each
 * month (their own plan from the sizing engine), so the story of the landing page stays true.
 */
export function SubscriptionOffer({ plan, onSeePlans }: { plan: PlanOffer; onSeePlans?: () => void }) {
  return (
    <section className={s.panel} aria-labelledby="proposal-subscription">
      <h2 id="proposal-subscription" className={s.panelTitle}>{m['proposal.subscription.title']}</h2>
      <p className={s.muted}>{m['proposal.subscription.lead']}</p>
      <p className={s.subscriptionText}>
        {fill('proposal.subscription.text', {
          plan: plan.plan.name, price: formatBRL(plan.price), economy: formatBRL(plan.economy_per_month), reduction: Math.round(Math.abs(plan.reduction_percent)),
        })}
      </p>
      {onSeePlans ? <div><Button variant="secondary" onPress={onSeePlans}>{m['proposal.subscription.toPlans']}</Button></div> : null}
    </section>
  );
}
