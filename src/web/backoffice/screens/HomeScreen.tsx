import { useEffect, useRef, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages';
import { PROJECT_STATUSES, type ProjectStatus } from '#shared/project/rules';
import type { StaffCustomerSearch } from '#shared/customer/payloads';
import { CUSTOMER_PAGE_SIZE, type CustomerSort } from '#shared/customer/endpoints';
import { Button } from '../../ui/Button/Button';
import { TextField } from '../../ui/TextField/TextField';
import { QUEUE_INFO, QUEUE_PAGE_SIZE, queue as queueCall, type QueueItem, type QueueKey, type QueueResponse, type QueuesResponse } from '#shared/staff/queues';
import { hasRole } from '#shared/staff/roles';
import type { StaffMember } from '#shared/staff/payloads';
import { Notice } from '../../ui/Notice/Notice';
import type { StaffApi } from '../api';
import { visuallyHidden } from '../../theme/a11y.css';
import * as css from '../backoffice.css';
import { when } from '../format';
import { TableScroll } from '../parts/TableScroll';
import * as home from './HomeScreen.css';

const hoursSince = (iso: string) => (Date.now() - Date.parse(iso)) / 3_600_000;
const age = (iso: string) => {
  const h = hoursSince(iso);
  return h < 1 ? `${Math.max(1, Math.round(h * 60))} min` : h < 48 ? `${Math.floor(h)} h` : `${Math.floor(h / 24)} dias`;
};

const statusLabel = (s: string) => messages[`project.status.${s}` as keyof typeof messages] ?? s;
const KIND_LABEL: Readonly<Record<string, string>> = { SUBSCRIPTION: 'Assinatura', LENDING: 'Compra (à vista ou financiada)' };

/** A row's note as staff read it: the project's status by name, the customer's kind, else as the server wrote it. */
function noteText(key: QueueKey, note: string | null): string {
  if (!note) return '—';
  if (key === 'projects') return statusLabel(note);
  if (key === 'finalProposals') return KIND_LABEL[note] ?? note;
  return note;
}

const NOTE_HEADING: Partial<Record<QueueKey, string>> = {
  bills: 'Por que uma pessoa revisa', documents: 'Documento', visitsToConfirm: 'Visita', visitsWithoutOutcome: 'Visita',
  finalProposals: 'Modalidade', projects: 'Status', messages: 'Arquivos sem resposta',
};

interface OpenQueue { key: QueueKey; status?: ProjectStatus; page: number; order?: 'oldest' | 'newest' }

/** One queue's page: each customer opens their page; 25 a page, oldest first (or newest, by the 'Desde' header), sorted on the server. */
function QueueList({ api, open, onPage, onOrder, onOpenCustomer }: {
  api: StaffApi; open: OpenQueue; onPage: (page: number) => void; onOrder: (order: 'oldest' | 'newest') => void; onOpenCustomer: (customerId: number) => void;
}) {
  const [list, setList] = useState<QueueResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // the list opens below the cards: the reader is taken to it
  useEffect(() => { heading.current?.focus(); }, [open]);
  useEffect(() => {
    let live = true;
    setList(null);
    setError(null);
    const query: Record<string, string> = { page: String(open.page), order: open.order ?? 'oldest', ...(open.status ? { status: open.status } : {}) };
    api.call(queueCall, { params: { queue: open.key }, query }).then((r) => { if (live) setList(r.data); }, (e: Error) => { if (live) setError(e.message); });
    return () => { live = false; };
  }, [api, open]);
  const info = QUEUE_INFO[open.key];
  const title = open.status ? `${info.title}: ${statusLabel(open.status)}` : info.title;
  const pages = list ? Math.max(1, Math.ceil(list.total / QUEUE_PAGE_SIZE)) : 1;
  return (
    <section className={css.card} aria-labelledby="queue-list-title">
      <h2 id="queue-list-title" ref={heading} tabIndex={-1} className={css.subheading}>{title}</h2>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {!list && !error ? <p role="status">Carregando…</p> : null}
      {list ? (list.data.length === 0 ? <p className={css.muted}>Nada esperando nesta fila.</p> : (
        <>
          <TableScroll label={title}><table className={css.table}>
            <caption className={visuallyHidden}>{`${list.total} na fila, página ${open.page} de ${pages}`}</caption>
            <thead>
              <tr><th className={css.cell} scope="col">Cliente</th><th className={css.cell} scope="col" aria-sort={open.order === 'newest' ? 'descending' : 'ascending'}>
                <button type="button" className={css.rowButton} onClick={() => onOrder(open.order === 'newest' ? 'oldest' : 'newest')}>
                  {`Desde ${open.order === 'newest' ? '↓' : '↑'}`}<span className={visuallyHidden}>{open.order === 'newest' ? ' (mostrar os mais antigos primeiro)' : ' (mostrar os mais recentes primeiro)'}</span>
                </button>
              </th><th className={css.cell} scope="col">{NOTE_HEADING[open.key] ?? 'Observação'}</th></tr>
            </thead>
            <tbody>
              {list.data.map((item) => (
                <tr key={item.customer_id}>
                  <td className={css.cell}><button type="button" className={css.rowButton} onClick={() => onOpenCustomer(item.customer_id)}>{item.customer_name}</button></td>
                  <td className={css.cell}>{when(item.since)} ({age(item.since)})</td>
                  <td className={css.cell}>{noteText(open.key, item.note)}</td>
                </tr>
              ))}
            </tbody>
          </table></TableScroll>
          {pages > 1 ? (
            <div className={home.pager}>
              <Button variant="secondary" isDisabled={open.page <= 1} onPress={() => onPage(open.page - 1)}>Anterior</Button>
              <span className={css.muted}>{`Página ${open.page} de ${pages}`}</span>
              <Button variant="secondary" isDisabled={open.page >= pages} onPress={() => onPage(open.page + 1)}>Próxima</Button>
            </div>
          ) : null}
        </>
      )) : null}
    </section>
  );
}

/**
 * The home: every queue with how many wait and the oldest's age (late past the promise), the
 * projects counted per status; a queue of the member's roles opens its list, whose customers open
 * their page; and the bills to review.
 */
export function HomeScreen({ api, member, onOpenBill, onOpenCustomer }: {
  api: StaffApi; member: StaffMember; onOpenBill: (customerId: number) => void; onOpenCustomer: (customerId: number) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  // the search shown: its text, order and page (sorted and paged on the server)
  const [asked, setAsked] = useState<{ q: string; sort: CustomerSort; page: number } | null>(null);
  const [found, setFound] = useState<StaffCustomerSearch | null>(null);
  const [searching, setSearching] = useState(false);
  useEffect(() => {
    if (!asked) return;
    setSearching(true);
    api.search(asked.q, asked.page, asked.sort).then(setFound, (err: Error) => setError(err.message)).finally(() => setSearching(false));
  }, [api, asked]);
  const search = (e: FormEvent) => {
    e.preventDefault();
    setAsked((a) => ({ q: query, sort: a?.sort ?? 'newest', page: 1 }));
  };
  /** A header that sorts by its column: pressed again, the other way. */
  const sortBy = (label: string, up: CustomerSort, down: CustomerSort) => {
    const sort = asked?.sort;
    const by = sort === up ? 'ascending' : sort === down ? 'descending' : undefined;
    return (
      <th className={css.cell} scope="col" aria-sort={by ?? 'none'}>
        <button type="button" className={css.rowButton} onClick={() => setAsked((a) => a && { ...a, sort: a.sort === up ? down : up, page: 1 })}>
          {`${label}${by === 'ascending' ? ' ↑' : by === 'descending' ? ' ↓' : ''}`}
        </button>
      </th>
    );
  };
  const searchPages = found ? Math.max(1, Math.ceil(found.total / CUSTOMER_PAGE_SIZE)) : 1;
  const [summary, setSummary] = useState<QueuesResponse['data'] | null>(null);
  const [bills, setBills] = useState<QueueItem[] | null>(null);
  const reviewsBills = hasRole(member.roles, ['analyst']);
  const [open, setOpen] = useState<OpenQueue | null>(null);
  const works = (key: QueueKey) => hasRole(member.roles, [QUEUE_INFO[key].role]);
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
        {found && asked ? (
          found.data.length === 0 ? <p role="status">Nenhum cliente encontrado.</p> : (
            <>
              <TableScroll label="Clientes encontrados"><table className={css.table}>
                <caption className={visuallyHidden}>{`${found.total} clientes encontrados, página ${asked.page} de ${searchPages}`}</caption>
                <thead><tr>{sortBy('Cliente', 'name', 'name_desc')}<th className={css.cell} scope="col">Telefone</th><th className={css.cell} scope="col">Cidade</th>{sortBy('Desde', 'oldest', 'newest')}</tr></thead>
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
              {searchPages > 1 ? (
                <div className={home.pager}>
                  <Button variant="secondary" isDisabled={asked.page <= 1} onPress={() => setAsked({ ...asked, page: asked.page - 1 })}>Anterior</Button>
                  <span className={css.muted}>{`Página ${asked.page} de ${searchPages}`}</span>
                  <Button variant="secondary" isDisabled={asked.page >= searchPages} onPress={() => setAsked({ ...asked, page: asked.page + 1 })}>Próxima</Button>
                </div>
              ) : null}
            </>
          )
        ) : null}
      </form>
      {!summary && !error ? <p role="status">Carregando…</p> : null}
      {summary ? (
        <ul className={css.queues} aria-label="Filas">
          {/* the member's own queues first; the grouped one spans the row, after the single counts, so no card is left alone beside it */}
          {[true, false].flatMap((own) => [false, true].flatMap((grouped) => summary.filter((q) => works(q.key) === own && Boolean(q.groups) === grouped))).map((q) => {
            const info = QUEUE_INFO[q.key as QueueKey];
            const isLate = q.oldest !== null && info.promiseHours !== null && hoursSince(q.oldest) > info.promiseHours;
            const mine = works(q.key);
            if (q.groups) {
              return (
                <li key={q.key} className={`${css.queueCard} ${home.wideCard}`} aria-label={`${info.title}: ${q.count}`}>
                  <p className={css.muted}>{info.title}</p>
                  <ul className={home.statusCounts} aria-label={info.title}>
                    {PROJECT_STATUSES.map((s) => {
                      const n = q.groups?.find((g) => g.key === s)?.count ?? 0;
                      return (
                        <li key={s}>
                          <button
                            type="button" className={home.statusCount} disabled={!mine}
                            aria-pressed={open?.key === q.key && open.status === s} onClick={() => setOpen({ key: q.key, status: s, page: 1 })}
                          >
                            <span className={home.statusName}>{statusLabel(s)}</span>{' '}
                            <span className={home.statusNumber}>{n}</span>
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                </li>
              );
            }
            return (
              <li key={q.key} className={css.queueCard} aria-label={`${info.title}: ${q.count}`}>
                <p className={css.muted}>{info.title}</p>
                <p className={css.count}>{q.count}</p>
                {q.oldest ? <p className={isLate ? css.late : css.muted}>mais antigo há {age(q.oldest)}{isLate ? ` (prazo de ${info.promiseHours} h vencido)` : ''}</p> : <p className={css.muted}>nada esperando</p>}
                {mine && q.count > 0 && q.key !== 'bills' ? (
                  <button type="button" className={`${css.rowButton} ${home.openButton}`} aria-pressed={open?.key === q.key} onClick={() => setOpen({ key: q.key, page: 1 })} aria-label={`Ver lista: ${info.title}`}>
                    Ver lista
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {open ? <QueueList api={api} open={open} onPage={(page) => setOpen({ ...open, page })} onOrder={(order) => setOpen({ ...open, order, page: 1 })} onOpenCustomer={onOpenCustomer} /> : null}
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
