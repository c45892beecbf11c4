import { messages as m } from '#shared/messages';
import { PROPOSAL_BENEFITS, proposalFigures, type Proposal } from '#shared/proposal/rules';
import { Rows } from './Rows';
import * as s from './Proposal.css';

/** A proposal's equipment (modules, inverters, structure), one block each: the detail dialog's and the payment screen's. */
export function EquipmentList({ proposal }: { proposal: Proposal }) {
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
    <ul className={s.equipment}>
      {equipment.map((item) => (
        <li key={item.name} className={s.equipmentItem} aria-label={item.name}>
          <h4 className={s.equipmentName}>{item.name}</h4>
          <Rows rows={item.rows} wrap />
        </li>
      ))}
    </ul>
  );
}

/** The benefits that come with the system (spec §2 "Proposal screen", detailed proposal). */
export function BenefitList() {
  return <ul className={s.benefits}>{PROPOSAL_BENEFITS.map((b) => <li key={b}>{b}</li>)}</ul>;
}
