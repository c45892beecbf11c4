import { useEffect, useRef, type ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { CheckoutEvent, checkoutMachine } from '#machines/checkout/checkoutMachine';
import { BILLING_DAYS, CARD_BRAND_NAMES } from '#shared/checkout/rules';
import { fill, messages as m } from '#shared/messages';
import { formatBRL } from '#shared/money';
import { SCREENS } from '#shared/routes';
import { Button } from '../../ui/Button/Button';
import { PageLoading } from '../../ui/Page/PageLoading';
import { SCREEN_HEADS } from '#shared/screenHeads';
import { Notice } from '../../ui/Notice/Notice';
import { Page } from '../../ui/Page/Page';
import { useTitleAfterRetry } from '../../ui/Page/useTitleAfterRetry';
import { RadioGroup } from '../../ui/RadioGroup/RadioGroup';
import { CardForm } from '../../ui/CardForm/CardForm';
import * as s from './CheckoutPage.css';

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

export interface CheckoutPageProps {
  state: CheckoutSnapshot;
  send: (event: CheckoutEvent) => CheckoutSnapshot;
  currentYear: number;
  /** the documents card, once the payment is set up (spec §4: not before the checkout) */
  documents?: ReactNode;
}

const TITLE = SCREENS.bookingPayment.title;
const DAY_OPTIONS = BILLING_DAYS.map((day) => ({ value: String(day), label: fill('checkout.boleto.dayOption', { day }) }));

/** The booking screen (spec §2 "Booking / checkout screen"): the plan summary and the payment. */
export function CheckoutPage({ state, send, currentYear, documents }: CheckoutPageProps) {
  const c = state.context;
  const doneRef = useRef<HTMLDivElement>(null);
  const settled = !state.matches('loading') && !state.matches('deciding');
  const { titleRef, retrying } = useTitleAfterRetry(settled);
  const done = state.matches('done');
  const wasEditing = useRef(false);
  useEffect(() => {
    // the form is replaced by the confirmation: the keyboard goes with it
    if (done && wasEditing.current) doneRef.current?.focus();
    wasEditing.current = !done;
  }, [done]);

  if (!settled || state.matches('leaving')) return <PageLoading head={SCREEN_HEADS.bookingPayment} />;
  if (state.matches('loadFailed')) {
    return (
      <Page title={TITLE} titleRef={titleRef} width="wide">
        <Notice tone="error">{m['checkout.load.error']}</Notice>
        <div><Button variant="secondary" onPress={() => { retrying(); send({ type: 'page.retry' }); }}>{m['checkout.retry']}</Button></div>
      </Page>
    );
  }

  const data = c.data!;
  const plan = data.plan;
  const paid = data.checkout.data;
  return (
    <Page title={TITLE} titleRef={titleRef} lead={m['checkout.lead']} width="wide">
      <div className={s.columns}>
        {plan ? (
          <section className={s.panel} aria-labelledby="booking-plan">
            <h2 id="booking-plan" className={s.panelTitle}>{m['checkout.summary.title']}</h2>
            <dl className={s.facts}>
              <div className={s.fact}><dt className={s.factLabel}>{m['plan.chosen.label']}</dt><dd className={s.factValue}>{plan.plan.name}</dd></div>
              <div className={s.fact}><dt className={s.factLabel}>{m['plan.row.price']}</dt><dd className={s.factValue}>{fill('plan.value.perMonth', { value: formatBRL(plan.price) })}</dd></div>
              <div className={s.fact}><dt className={s.factLabel}>{m['plan.row.freeMonths']}</dt><dd className={s.factValue}>{fill(plan.free_months === 1 ? 'plan.value.month' : 'plan.value.months', { n: plan.free_months })}</dd></div>
              <div className={s.fact}><dt className={s.factLabel}>{m['plan.row.term']}</dt><dd className={s.factValue}>{fill('plan.value.years', { n: plan.deadline_years })}</dd></div>
              <div className={s.fact}><dt className={s.factLabel}>{m['plan.row.joiningFee']}</dt><dd className={s.factValue}>{formatBRL(0)}</dd></div>
              <div className={s.fact}><dt className={s.factLabel}>{m['plan.row.installation']}</dt><dd className={s.factValue}>{m['plan.value.free']}</dd></div>
            </dl>
          </section>
        ) : null}

        <div className={s.stack}>
        <section className={s.panel} aria-labelledby="booking-payment">
          {done && paid ? (
            <div ref={doneRef} tabIndex={-1} className={s.done}>
              <h2 id="booking-payment" className={s.panelTitle}>{paid.method === 'CARD' ? m['checkout.card.title'] : m['checkout.boleto.title']}</h2>
              <Notice tone="success">
                {paid.method === 'CARD' ? m['checkout.card.approved'] : fill('checkout.boleto.done', { day: paid.expires_day })}
              </Notice>
              {paid.method === 'CARD' ? <p className={s.muted}>{fill('checkout.card.onFile', { brand: CARD_BRAND_NAMES[paid.brand], last4: paid.last4 })}</p> : null}
              <p className={s.muted}>{m['checkout.next']}</p>
            </div>
          ) : state.matches('boleto') ? (
            <>
              <h2 id="booking-payment" className={s.panelTitle}>{m['checkout.boleto.title']}</h2>
              <p className={s.muted}>{m['checkout.boleto.lead']}</p>
              <RadioGroup
                label={m['checkout.boleto.day']} options={DAY_OPTIONS} value={c.day === null ? null : String(c.day)}
                onChange={(v) => send({ type: 'day.choose', day: Number(v) })} orientation="vertical"
                isDisabled={state.matches({ boleto: 'submitting' })}
                errorMessage={c.error === 'booking.plan.checkout.error.input' ? m[c.error] : undefined}
              />
              {c.error && c.error !== 'booking.plan.checkout.error.input' ? <Notice tone="error">{m[c.error]}</Notice> : null}
              <div><Button variant="primary" onPress={() => send({ type: 'boleto.submit' })} isPending={state.matches({ boleto: 'submitting' })}>{m['checkout.boleto.submit']}</Button></div>
            </>
          ) : (
            <>
              <h2 id="booking-payment" className={s.panelTitle}>{m['checkout.card.title']}</h2>
              <p className={s.muted}>{m['checkout.card.lead']}</p>
              {c.error ? <Notice tone="error">{m[c.error]}</Notice> : null}
              <CardForm
                flagged={c.flagged} currentYear={currentYear}
                busy={state.matches({ card: 'tokenizing' }) || state.matches({ card: 'authorising' })}
                onSubmit={(card) => send({ type: 'card.submit', card })}
              />
            </>
          )}
        </section>
        {done ? documents : null}
        </div>
      </div>
    </Page>
  );
}
