import { useEffect, useMemo, useState } from 'react';
import type { StaffCustomer } from '#shared/customer/payloads';
import { Button } from '../../ui/Button/Button';
import { Notice } from '../../ui/Notice/Notice';
import type { StaffApi } from '../api';
import { ProcessDiagram } from '../parts/ProcessDiagram';
import { DocumentsPanel } from '../parts/DocumentsPanel';
import { VisitPanel } from '../parts/VisitPanel';
import { FinalProposalPanel } from '../parts/FinalProposalPanel';
import { PaymentPanel } from '../parts/PaymentPanel';
import { ProjectPanel } from '../parts/ProjectPanel';
import { BillsPanel } from '../parts/BillsPanel';
import { ProposalsPanel } from '../parts/ProposalsPanel';
import { ContractsPanel } from '../parts/ContractsPanel';
import type { StaffRole } from '#shared/staff/roles';
import { activeStateIds } from '../parts/processStates';
import * as css from '../backoffice.css';
import { when } from '../format';
import { TableScroll } from '../parts/TableScroll';

const BY = { customer: 'o cliente', system: 'o portal', staff: 'equipe' } as const;
/** A state id as read aloud: the path below `process`, dots as arrows. */
const stateName = (id: string) => id.replace(/^process\./, '').split('.').join(' › ');

/**
 * A customer's page: who they are, and their process drawn live: the diagram with where they are
 * now and where they passed, and every move with who caused it and when; then their bills,
 * proposals, documents, visit, contracts with their evidence, payment and project, each panel with
 * the actions of the member's roles.
 */
export function CustomerScreen({ api, customerId, roles, onOpenBill }: { api: StaffApi; customerId: number; roles: readonly StaffRole[]; onOpenBill: () => void }) {
  const [data, setData] = useState<StaffCustomer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loads, setLoads] = useState(0);
  useEffect(() => { api.customer(customerId).then(setData, (e: Error) => setError(e.message)); }, [api, customerId, loads]);
  const reload = () => setLoads((n) => n + 1);
  const current = useMemo(() => activeStateIds(data?.process.state), [data]);
  const visited = useMemo(() => [...new Set(data?.moves.flatMap((m) => [...activeStateIds(m.before), ...activeStateIds(m.after)]) ?? [])], [data]);
  if (error) return <main className={css.main}><Notice tone="error">{error}</Notice></main>;
  if (!data) return <main className={css.main}><p role="status">Carregando…</p></main>;
  const c = data.customer;
  return (
    <main className={css.main}>
      <h1 className={css.heading}>{c.name}</h1>
      <section className={css.card} aria-labelledby="profile-title">
        <h2 id="profile-title" className={css.subheading}>Cadastro</h2>
        <dl className={css.facts}>
          <dt>Telefone</dt><dd>{c.phone}</dd>
          <dt>E-mail</dt><dd>{c.email}</dd>
          <dt>CPF/CNPJ</dt><dd>{c.document ?? '—'}</dd>
          <dt>Cidade</dt><dd>{c.city} – {c.state}</dd>
          <dt>Modalidade</dt><dd>{c.kind === 'SUBSCRIPTION' ? 'Assinatura' : `Compra${c.payment_type === 'FINANCING' ? ' financiada' : c.payment_type === 'CASH_PURCHASE' ? ' à vista' : ''}`}</dd>
          <dt>Cliente desde</dt><dd>{when(c.created_at)}</dd>
        </dl>
        <div className={css.actions}><Button variant="secondary" onPress={onOpenBill}>Conta de luz</Button></div>
      </section>
      <section className={css.card} aria-labelledby="process-title">
        <h2 id="process-title" className={css.subheading}>Processo</h2>
        <p>Agora em: <strong>{current.map(stateName).join('; ') || '—'}</strong> (versão {data.process.version})</p>
        <ProcessDiagram current={current} visited={visited} label={`Diagrama do processo; em destaque, onde o cliente está: ${current.map(stateName).join('; ')}`} />
        <h3 className={css.subheading}>Caminho do cliente</h3>
        {data.moves.length === 0 ? <p className={css.muted}>Nenhum passo ainda.</p> : (
          <TableScroll label="Caminho do cliente"><table className={css.table}>
            <thead><tr><th className={css.cell} scope="col">Quando</th><th className={css.cell} scope="col">Evento</th><th className={css.cell} scope="col">Quem</th><th className={css.cell} scope="col">Para</th></tr></thead>
            <tbody>
              {data.moves.map((m) => (
                <tr key={m.version}>
                  <td className={css.cell}>{when(m.at)}</td>
                  <td className={css.cell}>{m.event}</td>
                  <td className={css.cell}>{m.by === 'staff' ? `${BY.staff}: ${m.staff_name ?? '—'}` : BY[m.by]}</td>
                  <td className={css.cell}>{activeStateIds(m.after).map(stateName).join('; ')}</td>
                </tr>
              ))}
            </tbody>
          </table></TableScroll>
        )}
      </section>
      <BillsPanel api={api} customerId={customerId} roles={roles} onChanged={reload} onOpenBill={onOpenBill} />
      <ProposalsPanel api={api} customerId={customerId} roles={roles} onChanged={reload} />
      <DocumentsPanel api={api} customerId={customerId} roles={roles} onChanged={reload} />
      <VisitPanel api={api} customerId={customerId} roles={roles} onChanged={reload} />
      <FinalProposalPanel api={api} customerId={customerId} roles={roles} onChanged={reload} />
      <ContractsPanel api={api} customerId={customerId} roles={roles} onChanged={reload} />
      <PaymentPanel api={api} customerId={customerId} roles={roles} onChanged={reload} />
      <ProjectPanel api={api} customerId={customerId} roles={roles} onChanged={reload} />
    </main>
  );
}
