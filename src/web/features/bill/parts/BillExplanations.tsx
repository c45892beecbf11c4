import { messages as m } from '#shared/messages';
import { PageLead } from '../../../ui/Page/Page';
import * as s from '../BillPage.css';

const EXPLANATIONS = [
  { title: 'Consumo de energia', text: 'Usamos o consumo atual e o histórico dos últimos meses para dimensionar o seu sistema.' },
  { title: 'Valor e classe', text: 'O valor da conta e a classe de consumo (residencial, comercial ou rural) definem o seu plano.' },
  { title: 'Titular e instalação', text: 'O titular e o número da instalação identificam a unidade que vai receber a energia solar.' },
];

/** What the assistant reads from the bill, and why (before the bill is sent, and after). */
export function BillExplanations({ sentAlready }: { sentAlready: boolean }) {
  return (
    <>
      <PageLead>{sentAlready ? m['bill.lead.sent'] : m['bill.lead']}</PageLead>
      <ul className={s.cards} aria-label="Dados usados da sua conta de luz">
        {EXPLANATIONS.map((e) => (
          <li key={e.title} className={s.card}>
            <h2 className={s.cardTitle}>{e.title}</h2>
            <p className={s.cardText}>{e.text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
