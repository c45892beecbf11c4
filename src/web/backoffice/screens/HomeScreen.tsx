import { useEffect, useState, type FormEvent } from 'react';
import type { StaffCustomerSearch } from '#shared/customer/payloads';
import { Button } from '../../ui/Button/Button';
import { TextField } from '../../ui/TextField/TextField';
import { QUEUE_INFO, type QueueItem, type QueueKey, type QueuesResponse } from '#shared/staff/queues';
import { hasRole } from '#shared/staff/roles';
import type { StaffMember } from '#shared/staff/payloads';
import { Notice } from '../../ui/Notice/Notice';
import type { StaffApi } from '../api';
import { visuallyHidden } from '../../theme/a11y.css';
import * as css from '../backoffice.css';
import { when } from '../format';
import { TableScroll } from '../parts/TableScroll';

const hoursSince = (iso: string) => (Date.now() - Date.parse(iso)) / 3_600_000;
const age = (iso: string) => {
  const h = hoursSince(iso);
  return h < 1 ? `${Math.max(1, Math.round(h * 60))} min` : h < 48 ? `${Math.floor(h)} h` : `${Math.floor(h / 24)} dias`;
};

/** The home: every queue with how many wait and the oldest's age (late past the promise), and the bills to review. */
export function HomeScreen({ api, member, onOpenBill, onOpenCustomer }: {
  api: StaffApi; member: StaffMember; onOpenBill: (customerId: number) => void; onOpenCustomer: (customerId: number) => void;
}) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<StaffCustomerSearch | null>(null);
  const [searching, setSearching] = useState(false);
  const search = async (e: FormEvent) => {
    e.preventDefault();
    setSearching(true);
    try {
      setFound(await api.search(query));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSearching(false);
    }
  };
  const [summary, setSummary] = useState<QueuesResponse['data'] | null>(null);
  const [bills, setBills] = useState<QueueItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reviewsBills = hasRole(member.roles, ['analyst']);
  useEffect(() => {
    api.queues().then(setSummary, (e: Error) => setError(e.message));
    if (reviewsBills) api.queue('bills').then((q) => setBills(q.data), (e: Error) => setError(e.message));
  }, [api, reviewsBills]);
  return (
    <main className={css.main}>
      <h1 className={css.heading}>Filas de trabalho</h1>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <form role="search" className={css.card} onSubmit={(e) => void search(e)} aria-label="Buscar cliente">
        <TextField label="Buscar cliente" description="Nome, telefone, CPF/CNPJ ou número da instalação." value={query} onChange={setQuery} />
        <div className={css.actions}><Button type="submit" isPending={searching}>Buscar</Button></div>
        {found ? (
          found.data.length === 0 ? <p role="status">Nenhum cliente encontrado.</p> : (
            <TableScroll label="Clientes encontrados"><table className={css.table}>
              <caption className={visuallyHidden}>{`${found.total} clientes encontrados`}</caption>
              <thead><tr><th className={css.cell} scope="col">Cliente</th><th className={css.cell} scope="col">Telefone</th><th className={css.cell} scope="col">Cidade</th><th className={css.cell} scope="col">Desde</th></tr></thead>
              <tbody>
                {found.data.map((c) => (
                  <tr key={c.id}>
                    <td className={css.cell}><button type="button" className={css.rowButton} onClick={() => onOpenCustomer(c.id)}>{c.name}</button></td>
                    <td className={css.cell}>{c.phone}</td>
                    <td className={css.cell}>{c.city} – {c.state}</td>
                    <td className={css.cell}>{when(c.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table></TableScroll>
          )
        ) : null}
      </form>
      {!summary && !error ? <p role="status">Carregando…</p> : null}
      {summary ? (
        <ul className={css.queues} aria-label="Filas">
          {summary.map((q) => {
            const info = QUEUE_INFO[q.key as QueueKey];
            const isLate = q.oldest !== null && info.promiseHours !== null && hoursSince(q.oldest) > info.promiseHours;
            return (
              <li key={q.key} className={css.queueCard} aria-label={`${info.title}: ${q.count}`}>
                <p className={css.muted}>{info.title}</p>
                <p className={css.count}>{q.count}</p>
                {q.oldest ? <p className={isLate ? css.late : css.muted}>mais antigo há {age(q.oldest)}{isLate ? ` (prazo de ${info.promiseHours} h vencido)` : ''}</p> : <p className={css.muted}>nada esperando</p>}
              </li>
            );
          })}
        </ul>
      ) : null}
      {reviewsBills ? (
        <section className={css.card} aria-labelledby="bills-title">
          <h2 id="bills-title" className={css.subheading}>Contas de luz para revisar</h2>
          {bills === null ? <p role="status">Carregando…</p> : bills.length === 0 ? <p className={css.muted}>Nenhuma conta esperando revisão.</p> : (
            <TableScroll label="Contas de luz para revisar"><table className={css.table}>
              <thead>
                <tr><th className={css.cell} scope="col">Cliente</th><th className={css.cell} scope="col">Enviada em</th><th className={css.cell} scope="col">Por que uma pessoa revisa</th><th className={css.cell} scope="col"><span className={visuallyHidden}>Ação</span></th></tr>
              </thead>
              <tbody>
                {bills.map((b) => (
                  <tr key={b.customer_id}>
                    <td className={css.cell}><button type="button" className={css.rowButton} onClick={() => onOpenCustomer(b.customer_id)}>{b.customer_name}</button></td>
                    <td className={css.cell}>{when(b.since)} ({age(b.since)})</td>
                    <td className={css.cell}>{b.note ?? '—'}</td>
                    <td className={css.cell}><button type="button" className={css.rowButton} onClick={() => onOpenBill(b.customer_id)} aria-label={`Revisar a conta de ${b.customer_name}`}>Revisar</button></td>
                  </tr>
                ))}
              </tbody>
            </table></TableScroll>
          )}
        </section>
      ) : null}
    </main>
  );
}
