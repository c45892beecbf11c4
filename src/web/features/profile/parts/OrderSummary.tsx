import type { ProfileData } from '#machines/profile/profileMachine';
import { messages as m } from '#shared/messages';
import { orderSummary } from '#shared/profile/rules';
import * as s from '../ProfilePage.css';

/** spec §2: plan (or a buyer's purchase), the two fees, and the address the technical visit was booked at. */
export function OrderSummary({ data }: { data: ProfileData }) {
  const c = data.customer;
  const plan = data.plan ? { name: data.plan.plan.name, price: data.plan.price }
    : c.selected_client_plan ? { name: c.selected_client_plan.plan.name, price: c.selected_client_plan.price } : null;
  const { lines, hasAddress } = orderSummary({
    kind: c.subscription_lending, paymentType: c.payment_type, plan,
    purchase: data.purchase ? { powerKwp: data.purchase.power_of_the_project, value: data.purchase.final_value } : null,
    phone: c.phone, city: c.city_name, state: c.state, visit: data.visit,
  });
  return (
    <section className={s.panel} aria-labelledby="profile-order">
      <h2 id="profile-order" className={s.panelTitle}>{m['profile.order.title']}</h2>
      <dl className={s.facts}>
        {lines.map((line) => (
          <div key={line.label} className={s.fact}><dt className={s.factLabel}>{m[line.label]}</dt><dd className={s.factValue}>{line.value}</dd></div>
        ))}
      </dl>
      {hasAddress ? null : <p className={s.muted}>{m['profile.order.noAddress']}</p>}
    </section>
  );
}
