import { messages as m } from '#shared/messages';
import { proposalDetailRows, type Proposal } from '#shared/proposal/rules';
import { BenefitList, EquipmentList } from './ProposalEquipment';
import { Rows } from './Rows';
import * as s from './Proposal.css';

/** The detailed-proposal dialog's content: the system's figures, the equipment and the benefits. */
export function ProposalDetails({ proposal }: { proposal: Proposal }) {
  return (
    <>
      <section className={s.dialogSection} aria-labelledby="proposal-details-figures">
        <h3 id="proposal-details-figures" className={s.dialogTitle}>{m['proposal.details.figures']}</h3>
        <Rows rows={proposalDetailRows(proposal)} />
      </section>
      <section className={s.dialogSection} aria-labelledby="proposal-details-equipment">
        <h3 id="proposal-details-equipment" className={s.dialogTitle}>{m['proposal.details.equipment']}</h3>
        <EquipmentList proposal={proposal} />
      </section>
      <section className={s.dialogSection} aria-labelledby="proposal-details-benefits">
        <h3 id="proposal-details-benefits" className={s.dialogTitle}>{m['proposal.details.benefits']}</h3>
        <BenefitList />
      </section>
    </>
  );
}
