import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components/Tabs';
import type { SnapshotFrom } from 'xstate';
import type { PlanEvent, planMachine } from '#machines/plan/planMachine';
import type { PlanOffer } from '#shared/plan/payloads';
import { featuredPlan } from '#shared/plan/rules';
import { fill, messages as m } from '#shared/messages';
import { formatBRL } from '#shared/money';
import { SCREENS } from '#shared/routes';
import { Button } from '../../ui/Button/Button';
import { PageLoading } from '../../ui/Page/PageLoading';
import { SCREEN_HEADS } from '#shared/screenHeads';
import { Modal } from '../../ui/Modal/Modal';
import { Notice } from '../../ui/Notice/Notice';
import { Page } from '../../ui/Page/Page';
import { useTitleAfterRetry } from '../../ui/Page/useTitleAfterRetry';
import { PLAN_ROWS } from './parts/planRows';
import * as s from './PlanPage.css';

export type PlanSnapshot = SnapshotFrom<typeof planMachine>;

export interface PlanPageProps {
  state: PlanSnapshot;
  send: (event: PlanEvent) => PlanSnapshot;
}

const TITLE = SCREENS.planSignature.title;

/** A plan's button: choose it, or 'Não apto' (disabled) when it is not fit (spec §2). */
function ChooseButton({ offer, send, label, size = 'md' }: { offer: PlanOffer; send: PlanPageProps['send']; label: string; size?: 'sm' | 'md' }) {
  return offer.is_fit ? (
    <Button variant="primary" size={size} fullWidth onPress={() => send({ type: 'plan.select', plan: offer.deadline_type })} aria-label={`${m['plan.choose']}: ${label}`}>
      {m['plan.choose']}
    </Button>
  ) : (
    <Button variant="secondary" size={size} fullWidth isDisabled aria-label={`${label}: ${m['plan.notFit']}`}>{m['plan.notFit']}</Button>
  );
}

/** Above 768 px: the three plans side by side, one row per figure or fact. */
function PlanTable({ offers, send }: { offers: PlanOffer[]; send: PlanPageProps['send'] }) {
  return (
    <div className={s.tableWrap}>
      <table className={s.table}>
        <caption className={s.caption}>{m['plan.table.caption']}</caption>
        <thead>
          <tr>
            <th scope="col" className={s.featureHead}>{m['plan.table.feature']}</th>
            {offers.map((o) => (
              <th key={o.deadline_type} scope="col" className={o.is_fit ? s.planHead : s.planHeadUnfit}>
                <span className={s.planName}>{o.plan.name}</span>
                {o.is_fit ? <span className={s.planPrice}>{fill('plan.value.perMonth', { value: formatBRL(o.price) })}</span>
                  : <span className={s.badge}>{m['plan.notFit']}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PLAN_ROWS.map((row) => (
            <tr key={row.key} className={row.figure ? s.figureRow : undefined}>
              <th scope="row" className={s.rowHead}>{row.label}</th>
              {offers.map((o) => <td key={o.deadline_type} className={o.is_fit ? s.cell : s.cellUnfit}>{row.value(o)}</td>)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td />
            {offers.map((o) => <td key={o.deadline_type} className={s.cell}><ChooseButton offer={o} send={send} label={o.plan.name} size="sm" /></td>)}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** Under 768 px: one tab per plan. */
function PlanTabs({ offers, send }: { offers: PlanOffer[]; send: PlanPageProps['send'] }) {
  // the plan the page leads with is the one the proposals show (shared rule)
  const first = featuredPlan(offers) ?? offers[0]!;
  return (
    <Tabs className={s.tabs} defaultSelectedKey={first.deadline_type}>
      <TabList aria-label={m['plan.table.caption']} className={s.tabList}>
        {offers.map((o) => <Tab key={o.deadline_type} id={o.deadline_type} className={s.tab}>{o.plan.name}</Tab>)}
      </TabList>
      {offers.map((o) => (
        <TabPanel key={o.deadline_type} id={o.deadline_type} className={s.tabPanel}>
          {o.is_fit ? null : <Notice tone="warning" role={null}>{`${m['plan.notFit']}. ${m['plan.notFit.why']}`}</Notice>}
          <dl className={s.facts}>
            {PLAN_ROWS.map((row) => (
              <div key={row.key} className={row.figure ? s.factFigure : s.fact}>
                <dt className={s.factLabel}>{row.label}</dt>
                <dd className={s.factValue}>{row.value(o)}</dd>
              </div>
            ))}
          </dl>
          <ChooseButton offer={o} send={send} label={o.plan.name} />
        </TabPanel>
      ))}
    </Tabs>
  );
}

/** The plans screen (spec §2 "Plans screen"). */
export function PlanPage({ state, send }: PlanPageProps) {
  const c = state.context;
  const settled = !state.matches('loading') && !state.matches('deciding');
  const { titleRef, retrying } = useTitleAfterRetry(settled);
  const retry = () => { retrying(); send({ type: 'page.retry' }); };

  if (!settled || state.matches('leaving')) return <PageLoading head={SCREEN_HEADS.planSignature} />;
  if (state.matches('loadFailed') || state.matches('noPlans')) {
    return (
      <Page title={TITLE} titleRef={titleRef} width="wide">
        {state.matches('loadFailed') ? <Notice tone="error">{m['plan.load.error']}</Notice> : <Notice>{m['plan.noBill']}</Notice>}
        <div><Button variant="secondary" onPress={retry}>{m['plan.retry']}</Button></div>
      </Page>
    );
  }

  const data = c.data!;
  const selected = data.offers.find((o) => o.deadline_type === c.selected) ?? null;
  const signing = state.matches('signing');
  const modalOpen = state.matches('confirming') || signing;
  const noneFit = !data.offers.some((o) => o.is_fit);

  return (
    <Page title={TITLE} titleRef={titleRef} lead={m['plan.lead']} width="wide">
      {data.freeMonthsChecked ? null : <Notice tone="warning">{m['plan.freeMonths.error']}</Notice>}
      {data.partnership ? <Notice tone="success" title={m['plan.partnership.title']} headingLevel={2} role={null}>{data.partnership.description}</Notice> : null}
      {noneFit ? <Notice tone="warning" role={null}>{m['plan.noneFit']}</Notice> : null}
      {c.error ? <Notice tone="error">{m[c.error]}</Notice> : null}

      <p className={s.confirmation}>{m['plan.confirmation']}</p>
      <PlanTable offers={data.offers} send={send} />
      <PlanTabs offers={data.offers} send={send} />

      <Modal
        isOpen={modalOpen}
        onOpenChange={(open) => { if (!open) send({ type: 'dialog.dismiss' }); }}
        title={selected ? fill('plan.modal.title', { plan: selected.plan.name }) : ''}
        isLoading={signing}
        footer={(
          <>
            <Button variant="secondary" onPress={() => send({ type: 'dialog.dismiss' })} isDisabled={signing}>{m['plan.modal.back']}</Button>
            <Button variant="primary" onPress={() => send({ type: 'dialog.confirm' })} isPending={signing}>{m['plan.modal.confirm']}</Button>
          </>
        )}
      >
        {selected ? (
          <>
            <dl className={s.summary}>
              {PLAN_ROWS.filter((row) => ['price', 'economy', 'term', 'freeMonths'].includes(row.key)).map((row) => (
                <div key={row.key} className={s.fact}>
                  <dt className={s.factLabel}>{row.label}</dt>
                  <dd className={s.factValue}>{row.value(selected)}</dd>
                </div>
              ))}
            </dl>
            <p className={s.modalText}>{m['plan.modal.text']}</p>
          </>
        ) : null}
      </Modal>
    </Page>
  );
}
