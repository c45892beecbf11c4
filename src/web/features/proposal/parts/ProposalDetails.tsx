import { messages as m } from '#shared/messages';
import { PROPOSAL_BENEFITS, proposalDetailRows, proposalFigures, type Proposal } from '#shared/proposal/rules';
import { Rows } from './Rows';
import * as s from '../ProposalPage.css';

/** The detailed-proposal dialog's content: the system's figures, the equipment and the benefits. */
export function ProposalDetails({ proposal }: { proposal: Proposal }) {
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
              <Rows rows={item.rows} wrap />
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
