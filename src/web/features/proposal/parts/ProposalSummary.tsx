import { messages as m } from '#shared/messages';
import { billAfterSolarFigures, proposalFigures, type Proposal } from '#shared/proposal/rules';
import { Button } from '../../../ui/Button/Button';
import { ProposalCards } from '../../../ui/Proposal/ProposalCards';
import { Rows } from '../../../ui/Proposal/Rows';
import * as s from '../ProposalPage.css';

/** The proposal's figure cards, its total and what stays on the bill with solar energy. */
export function ProposalSummary({ proposal, onOpenDetails }: { proposal: Proposal; onOpenDetails: () => void }) {
  const figures = proposalFigures(proposal);
  const bill = billAfterSolarFigures(proposal);
  return (
    <>
      <ProposalCards proposal={proposal} />

      <div className={s.panels}>
        <section className={s.totalPanel} aria-labelledby="proposal-total">
          <div className={s.total}>
            <h2 id="proposal-total" className={s.totalLabel}>{m['proposal.total']}</h2>
            <p className={s.totalValue}>{figures.total}</p>
          </div>
          <Rows rows={[{ label: m['proposal.figure.finalValue'], value: figures.finalValue }, { label: m['proposal.figure.joiningFee'], value: figures.joiningFee }]} />
          <p className={s.muted}>{figures.validity}</p>
          <div>
            <Button variant="link" onPress={onOpenDetails}>{m['proposal.details.open']}</Button>
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
    </>
  );
}
