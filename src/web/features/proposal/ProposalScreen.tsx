import { useEffect, useMemo, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { proposalMachine, type PaymentType, type ProposalPageData } from '#machines/proposal/proposalMachine';
import { Button } from '../../ui/Button/Button';
import { LoadingScreen } from '../../ui/LoadingScreen/LoadingScreen';
import { Modal } from '../../ui/Modal/Modal';
import type { Api } from '../../api/client';
import { messages as m } from '#shared/messages';
import {
  PROPOSAL_BENEFITS, PROPOSAL_FILE_NAME, PROPOSAL_TITLE, billAfterSolarFigures, latestProposal, proposalCards, proposalDetailRows,
  proposalFigures, type Proposal, type ProposalType,
} from '#shared/proposal/rules';
import { useApiLoader, useJourney } from '../../journey/JourneyContext';
import { useGo } from '../../journey/useGo';
import { useMenuReload } from '../../journey/useMenuReload';
import { screenPath } from '#machines/journey/journeyMachine';
import { PAYMENT_TYPE_KEY } from '../../journey/session';
import * as s from './ProposalScreen.css';

/** Saves a downloaded file under `name` (the browser's download; tests pass their own). */
export type SaveFile = (file: Blob, name: string) => void;

export const saveInBrowser: SaveFile = (file, name) => {
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
};

/** Spec §3 local storage 'paymentType'. */
const storePaymentType = (paymentType: PaymentType) => {
  try { localStorage.setItem(PAYMENT_TYPE_KEY, paymentType); } catch { /* private mode: the server has it too */ }
};

/** The machine's side effects against the API. */
export function proposalActors(getApi: () => Promise<Api>, saveFile: SaveFile) {
  return {
    loadProposal: fromPromise<ProposalPageData, { type: ProposalType }>(async ({ input }) => {
      const api = await getApi();
      const customer = await api.getCustomer();
      const list = await api.getProposals(customer.id);
      return {
        customer: { id: customer.id, kind: customer.subscription_lending, steps: customer.steps },
        proposal: latestProposal(list, input.type),
        hasFinalProposal: list.some((p) => p.type === 'FINAL'),
      };
    }),
    approveInitialProposal: fromPromise<unknown, { customerId: number }>(async ({ input }) => (await getApi()).approveInitialProposal(input.customerId)),
    approveFinalProposal: fromPromise<unknown, { paymentType: PaymentType }>(async ({ input }) => (await getApi()).approveFinalProposal(input.paymentType)),
    downloadPdf: fromPromise<unknown, { link: string; type: ProposalType }>(async ({ input }) => {
      const pdf = await (await getApi()).downloadProposalPdf(input.link);
      saveFile(pdf, `${PROPOSAL_FILE_NAME[input.type]}.pdf`);
    }),
  };
}

function Rows({ rows, label }: { rows: { label: string; value: string }[]; label?: string }) {
  return (
    <dl className={s.rows} aria-label={label}>
      {rows.map((r) => (
        <div key={r.label} className={s.row}>
          <dt className={s.rowLabel}>{r.label}</dt>
          <dd className={s.rowValue}>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Details({ proposal }: { proposal: Proposal }) {
  const e = proposalFigures(proposal).equipment;
  const toBeDefined = m['proposal.equipment.toBeDefined'];
  const row = (label: string, value: string) => ({ label, value });
  const equipment = [
    {
      name: m['proposal.equipment.modules'],
      rows: [row(m['proposal.equipment.quantity'], e.modules.quantity), row(m['proposal.equipment.brand'], e.modules.brand),
        row(m['proposal.equipment.power'], e.modules.powerW || toBeDefined), row(m['proposal.equipment.warranty'], e.modules.warranty)],
    },
    {
      name: m['proposal.equipment.inverters'],
      rows: [row(m['proposal.equipment.quantity'], e.inverters.quantity), row(m['proposal.equipment.brand'], e.inverters.brand),
        row(m['proposal.equipment.power'], e.inverters.powerKw || toBeDefined), row(m['proposal.equipment.warranty'], e.inverters.warranty)],
    },
    {
      name: m['proposal.equipment.structure'],
      rows: [row(m['proposal.equipment.type'], e.structure.type || toBeDefined), row(m['proposal.equipment.warranty'], e.structure.warranty)],
    },
  ];
  return (
    <>
      <section className={s.dialogSection} aria-labelledby="proposal-details-figures">
        <h3 id="proposal-details-figures" className={s.dialogTitle}>{m['proposal.details.figures']}</h3>
        <Rows rows={proposalDetailRows(proposal)} />
      </section>
      <section className={s.dialogSection} aria-labelledby="proposal-details-equipment">
        <h3 id="proposal-details-equipment" className={s.dialogTitle}>{m['proposal.details.equipment']}</h3>
        <ul className={s.equipment}>
          {equipment.map((item) => (
            <li key={item.name} className={s.equipmentItem} aria-label={item.name}>
              <h4 className={s.equipmentName}>{item.name}</h4>
              <dl className={s.rows}>
                {item.rows.map((r) => (
                  <div key={r.label} className={s.row}><dt className={s.rowLabel}>{r.label}</dt><dd className={s.rowValueWrap}>{r.value}</dd></div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      </section>
      <section className={s.dialogSection} aria-labelledby="proposal-details-benefits">
        <h3 id="proposal-details-benefits" className={s.dialogTitle}>{m['proposal.details.benefits']}</h3>
        <ul className={s.benefits}>{PROPOSAL_BENEFITS.map((b) => <li key={b}>{b}</li>)}</ul>
      </section>
    </>
  );
}

export interface ProposalPageProps {
  type: ProposalType;
  getApi: () => Promise<Api>;
  /** the journey reloads the side navigation */
  onMenuChanged: () => void;
  /** goes to a private path ('/payment', '/technical-visit', '/proposal-final') */
  onGo: (path: string) => void;
  saveFile?: SaveFile;
}

/** The proposal screen (spec §2 "Proposal screen"): one screen for the initial and the final proposal. */
export function ProposalPage({ type, getApi, onMenuChanged, onGo, saveFile = saveInBrowser }: ProposalPageProps) {
  const machine = useMemo(
    () => proposalMachine.provide({
      actors: proposalActors(getApi, saveFile),
      actions: {
        menuChanged: () => onMenuChanged(),
        storePaymentType: (_, params: { paymentType: PaymentType }) => storePaymentType(params.paymentType),
        goToPayment: () => onGo('/payment'),
      },
    }),
    [getApi, saveFile, onMenuChanged, onGo],
  );
  const [state, send] = useMachine(machine, { input: { type } });
  const c = state.context;
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const noticeFocused = useRef<string | null>(null);
  const shown = state.matches('shown');
  // after an approval the page reloads: the confirmation takes the focus the closed dialog gave
  // back, once (later dialogs give focus back to their own buttons)
  useEffect(() => {
    if (c.notice && shown && noticeFocused.current !== c.notice) {
      noticeFocused.current = c.notice;
      noticeRef.current?.focus();
    }
  }, [c.notice, shown]);

  // 'Tentar novamente' is replaced by a spinner and then the page: the keyboard goes to the page's
  // title once it settles (else it falls to the top of the document)
  const titleRef = useRef<HTMLHeadingElement>(null);
  const retried = useRef(false);
  const settled = !state.matches('loading') && !state.matches('deciding');
  useEffect(() => {
    if (settled && retried.current) {
      retried.current = false;
      titleRef.current?.focus();
    }
  }, [settled]);
  const retry = () => { retried.current = true; send({ type: 'page.retry' }); };

  const title = PROPOSAL_TITLE[type];
  if (state.matches('loading') || state.matches('deciding')) return <LoadingScreen inline />;
  if (state.matches('loadFailed') || state.matches('notReady')) {
    const text = state.matches('loadFailed') ? m['proposal.load.error'] : type === 'INITIAL' ? m['proposal.initial.preparing'] : m['proposal.final.notYet'];
    return (
      <section className={s.section}>
        <h1 ref={titleRef} tabIndex={-1} className={s.title}>{title}</h1>
        <p className={state.matches('loadFailed') ? s.error : s.muted} role={state.matches('loadFailed') ? 'alert' : 'status'}>{text}</p>
        <div className={s.actions}>
          <Button variant="secondary" onPress={retry}>{m['proposal.retry']}</Button>
        </div>
      </section>
    );
  }

  const proposal = c.data!.proposal!;
  const figures = proposalFigures(proposal);
  const bill = billAfterSolarFigures(proposal);
  const approving = state.matches({ shown: { decision: { initial: 'approving' } } }) || state.matches({ shown: { decision: { final: 'approving' } } });
  const choosing = (paymentType: PaymentType) => approving && c.paymentType === paymentType;
  const confirmOpen = state.matches({ shown: { decision: { initial: 'confirming' } } }) || state.matches({ shown: { decision: { initial: 'approving' } } });
  const downloading = state.matches({ shown: { pdf: 'downloading' } });
  const initialApproved = type === 'INITIAL' && c.data!.customer.steps.some((st) => st.type === 'PROPOSAL_INITIAL' && st.status === 'APPROVED');
  const finalApproved = type === 'FINAL' && c.data!.customer.steps.some((st) => st.type === 'PROPOSAL_FINAL' && st.status === 'APPROVED');

  return (
    <section className={s.section} aria-labelledby="proposal-title">
      <div className={s.head}>
        <h1 ref={titleRef} tabIndex={-1} id="proposal-title" className={s.title}>{title}</h1>
        {type === 'INITIAL' ? <p className={s.note}>{m['proposal.initial.note']}</p> : null}
      </div>

      {c.notice ? (
        <div className={s.notice}>
          <p ref={noticeRef} tabIndex={-1} className={s.success} role="status">{m[c.notice]}</p>
          {initialApproved ? <Button variant="brand" onPress={() => onGo('/technical-visit')}>Agendar visita técnica</Button> : null}
        </div>
      ) : initialApproved ? (
        // coming back after the approval: say why 'Avançar' is closed and where to go on
        <div className={s.notice}>
          <p className={s.success} role="status">{m['proposal.initial.alreadyApproved']}</p>
          <Button variant="brand" onPress={() => onGo('/technical-visit')}>{m['proposal.initial.toVisit']}</Button>
        </div>
      ) : null}

      <ul className={s.cards} aria-label="Resumo da proposta">
        {proposalCards(proposal).map((card) => (
          <li key={card.label} className={s.card}>
            <p className={s.cardLabel}>{card.label}</p>
            <p className={s.cardValue}>{card.value}</p>
          </li>
        ))}
      </ul>

      <div className={s.panels}>
        <section className={s.totalPanel} aria-labelledby="proposal-total">
          <div className={s.total}>
            <h2 id="proposal-total" className={s.totalLabel}>{m['proposal.total']}</h2>
            <p className={s.totalValue}>{figures.total}</p>
          </div>
          <Rows rows={[{ label: m['proposal.figure.finalValue'], value: figures.finalValue }, { label: m['proposal.figure.joiningFee'], value: figures.joiningFee }]} />
          <p className={s.muted}>{figures.validity}</p>
          <div>
            <Button variant="link" onPress={() => send({ type: 'details.open' })}>{m['proposal.details.open']}</Button>
          </div>
        </section>
        {bill ? (
          <section className={s.panel} aria-labelledby="proposal-bill-after">
            <h2 id="proposal-bill-after" className={s.panelTitle}>{m['proposal.billAfter.title']}</h2>
            <p className={s.muted}>{m['proposal.billAfter.lead']}</p>
            <dl className={s.rows}>
              {bill.oldBill ? (
                <div className={s.row}><dt className={s.rowLabel}>{m['proposal.billAfter.today']}</dt><dd className={s.rowValue}>{bill.oldBill}</dd></div>
              ) : null}
              {bill.lines.map((line) => (
                <div key={line.key} className={s.row}><dt className={s.rowLabel}>{line.label}</dt><dd className={s.rowValue}>{line.value}</dd></div>
              ))}
              <div className={s.rowTotal}><dt className={s.panelTitle}>{m['proposal.billAfter.total']}</dt><dd className={s.rowValue}>{bill.newBill}</dd></div>
            </dl>
          </section>
        ) : null}
      </div>

      {c.error ? <p className={s.error} role="alert">{m[c.error]}</p> : null}
      {c.downloadError ? <p className={s.error} role="alert">{m[c.downloadError]}</p> : null}

      {type === 'INITIAL' ? (
        <div className={s.actions}>
          <Button variant="secondary" onPress={() => send({ type: 'pdf.download' })} isPending={downloading}>{m['proposal.download']}</Button>
          <Button onPress={() => send({ type: 'proposal.advance' })} isDisabled={!state.can({ type: 'proposal.advance' })}>{m['proposal.advance']}</Button>
          {c.data!.hasFinalProposal ? <Button variant="link" onPress={() => onGo('/proposal-final')}>{m['proposal.final.open']}</Button> : null}
        </div>
      ) : (
        <>
          <div className={s.actions}>
            <Button variant="secondary" onPress={() => send({ type: 'pdf.download' })} isPending={downloading}>{m['proposal.download']}</Button>
          </div>
          {finalApproved ? (
            <div className={s.notice}>
              <p className={s.success} role="status">{m['proposal.final.approved']}</p>
              <Button variant="brand" onPress={() => onGo('/payment')}>{m['proposal.final.toPayment']}</Button>
            </div>
          ) : null}
          <section className={s.choice} aria-labelledby="proposal-pay">
            <h2 id="proposal-pay" className={s.panelTitle}>{m['proposal.final.choose']}</h2>
            <div className={s.actions}>
              <Button
                onPress={() => send({ type: 'payment.choose', paymentType: 'CASH_PURCHASE' })}
                isDisabled={!state.can({ type: 'payment.choose', paymentType: 'CASH_PURCHASE' }) && !choosing('CASH_PURCHASE')}
                isPending={choosing('CASH_PURCHASE')}
              >
                {m['proposal.final.cash']}
              </Button>
              <Button
                variant="brand"
                onPress={() => send({ type: 'payment.choose', paymentType: 'FINANCING' })}
                isDisabled={!state.can({ type: 'payment.choose', paymentType: 'FINANCING' }) && !choosing('FINANCING')}
                isPending={choosing('FINANCING')}
              >
                {m['proposal.final.financing']}
              </Button>
            </div>
          </section>
        </>
      )}

      <Modal
        isOpen={confirmOpen}
        onOpenChange={(open) => { if (!open) send({ type: 'dialog.dismiss' }); }}
        isLoading={approving}
        size="sm"
        title={m['proposal.initialDialog.title']}
        footer={(
          <Button onPress={() => send({ type: 'dialog.confirm' })} isPending={approving}>{m['proposal.initialDialog.confirm']}</Button>
        )}
      >
        <p className={s.muted}>{m['proposal.initialDialog.body']}</p>
      </Modal>

      <Modal
        isOpen={state.matches({ shown: { details: 'open' } })}
        onOpenChange={(open) => { if (!open) send({ type: 'details.close' }); }}
        size="lg"
        title={m['proposal.details.title']}
        footer={<Button variant="secondary" onPress={() => send({ type: 'details.close' })}>{m['proposal.details.close']}</Button>}
      >
        <Details proposal={proposal} />
      </Modal>
    </section>
  );
}

/** The proposal routes inside the signed-in shell: /proposal-initial and /proposal-final. */
export default function ProposalScreen() {
  const getApi = useApiLoader();
  const type: ProposalType = useJourney((st) => screenPath(st)) === '/proposal-final' ? 'FINAL' : 'INITIAL';
  const reloadMenu = useMenuReload();
  const go = useGo();
  const onGo = useMemo(() => (path: string) => go(path), [go]);
  return <ProposalPage key={type} type={type} getApi={getApi} onMenuChanged={reloadMenu} onGo={onGo} />;
}
