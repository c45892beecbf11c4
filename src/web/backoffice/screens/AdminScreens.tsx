import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { AUDIT_PAGE_SIZE, type AuditEntry } from '#shared/staff/payloads';
import { STAFF_ROLE_LABELS } from '#shared/staff/roles';
import { Button } from '../../ui/Button/Button';
import { Notice } from '../../ui/Notice/Notice';
import { TextField } from '../../ui/TextField/TextField';
import type { StaffApi } from '../api';
import * as css from '../backoffice.css';
import { when } from '../format';
import { TableScroll } from '../parts/TableScroll';
import { visuallyHidden } from '../../theme/a11y.css';

const brief = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

type AuditFilters = { staff_id: string; action: string; customer_id: string; from: string; until: string };
const NO_FILTERS: AuditFilters = { staff_id: '', action: '', customer_id: '', from: '', until: '' };

/**
 * The audit log (admins): every staff action with its before and after, filtered, sorted by time
 * (newest or oldest first) and paged on the server: by who, what (an action or its start), which
 * customer and which days.
 */
export function AuditScreen({ api }: { api: StaffApi }) {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  // what the table shows: the filters sent, the order and the page
  const [asked, setAsked] = useState<{ filters: AuditFilters; order: 'newest' | 'oldest'; page: number }>({ filters: NO_FILTERS, order: 'newest', page: 1 });
  const [rows, setRows] = useState<AuditEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setError(null);
    // the rows of the last filters are not the answer to these: 'Carregando…' until it comes
    setRows(null);
    const query = { ...Object.fromEntries(Object.entries(asked.filters).filter(([, v]) => v.trim())), order: asked.order, page: String(asked.page) };
    api.audit(query).then(setRows, (e: Error) => setError(e.message));
  }, [api, asked]);
  const field = (key: keyof AuditFilters, label: string, type = 'text') => (
    <TextField label={label} type={type} value={filters[key]} onChange={(v) => setFilters((f) => ({ ...f, [key]: v }))} />
  );
  const submit = (e: FormEvent) => { e.preventDefault(); setAsked((a) => ({ ...a, filters, page: 1 })); };
  const flip = () => setAsked((a) => ({ ...a, order: a.order === 'newest' ? 'oldest' : 'newest', page: 1 }));
  const more = (rows?.length ?? 0) === AUDIT_PAGE_SIZE;
  return (
    <main className={css.main}>
      <h1 className={css.heading}>Auditoria</h1>
      <form className={css.card} onSubmit={submit} aria-label="Filtros da auditoria">
        <div className={css.formGrid}>
          {field('staff_id', 'Membro da equipe (id)')}
          {field('action', 'Ação (ou começo dela, ex.: bill:)')}
          {field('customer_id', 'Cliente (id)')}
          {field('from', 'De (dia)', 'date')}
          {field('until', 'Até (dia)', 'date')}
        </div>
        <div className={css.actions}><Button type="submit">Filtrar</Button></div>
      </form>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {!rows && !error ? <p role="status">Carregando…</p> : null}
      {rows ? (
        <section className={css.card} aria-label="Registros">
          <p role="status" className={css.muted}>
            {rows.length === 0 ? 'Nenhum registro com estes filtros.' : `Página ${asked.page}: ${rows.length} registros, ${asked.order === 'newest' ? 'do mais novo ao mais antigo' : 'do mais antigo ao mais novo'}.`}
          </p>
          {rows.length > 0 ? (
            <TableScroll label="Registros da auditoria"><table className={css.table}>
              <thead><tr>
                <th className={css.cell} scope="col" aria-sort={asked.order === 'newest' ? 'descending' : 'ascending'}>
                  <button type="button" className={css.rowButton} onClick={flip}>{`Quando ${asked.order === 'newest' ? '↓' : '↑'}`}<span className={visuallyHidden}>{asked.order === 'newest' ? ' (mostrar os mais antigos primeiro)' : ' (mostrar os mais novos primeiro)'}</span></button>
                </th>
                <th className={css.cell} scope="col">Quem</th><th className={css.cell} scope="col">Ação</th><th className={css.cell} scope="col">Cliente</th><th className={css.cell} scope="col">Antes</th><th className={css.cell} scope="col">Depois</th>
              </tr></thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={`${r.action}-${r.id}`}>
                    <td className={css.cell}>{when(r.at, 'medium')}</td>
                    <td className={css.cell}>{r.staff_email ?? 'o cliente'}</td>
                    <td className={css.cell}>{r.action}</td>
                    <td className={css.cell}>{r.customer_id ?? '—'}</td>
                    <td className={`${css.cell} ${css.evidence}`}>{brief(r.before)}</td>
                    <td className={`${css.cell} ${css.evidence}`}>{brief(r.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table></TableScroll>
          ) : null}
          {asked.page > 1 || more ? (
            <nav aria-label="Páginas da auditoria" className={css.actions}>
              <Button size="sm" variant="secondary" isDisabled={asked.page === 1} onPress={() => setAsked((a) => ({ ...a, page: a.page - 1 }))}>Página anterior</Button>
              <Button size="sm" variant="secondary" isDisabled={!more} onPress={() => setAsked((a) => ({ ...a, page: a.page + 1 }))}>Próxima página</Button>
            </nav>
          ) : null}
        </section>
      ) : null}
    </main>
  );
}

type Member = Awaited<ReturnType<StaffApi['team']>>[number];

/** The team (admins): members, roles, whether they enrolled, open sessions, and ending them. */
export function TeamScreen({ api }: { api: StaffApi }) {
  const [members, setMembers] = useState<Member[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const load = useCallback(() => { api.team().then(setMembers, (e: Error) => setError(e.message)); }, [api]);
  useEffect(load, [load]);
  const end = async (m: Member) => {
    setError(null);
    try {
      const { ended } = await api.endSessions(m.id);
      setDone(`${m.name}: ${ended} ${ended === 1 ? 'sessão encerrada' : 'sessões encerradas'}.`);
      load();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <main className={css.main}>
      <h1 className={css.heading}>Equipe</h1>
      <p className={css.muted}>Novos membros são convidados com <code>npm run staff -- invite</code>.</p>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {done ? <p role="status">{done}</p> : null}
      {!members ? <p role="status">Carregando…</p> : (
        <section className={css.card} aria-label="Membros">
          <TableScroll label="Membros da equipe"><table className={css.table}>
            <thead><tr><th className={css.cell} scope="col">Nome</th><th className={css.cell} scope="col">Perfis</th><th className={css.cell} scope="col">Situação</th><th className={css.cell} scope="col">Sessões abertas</th><th className={css.cell} scope="col"><span className={css.muted}>Ação</span></th></tr></thead>
            <tbody>
              {members.map((m) => (
                <tr key={m.id}>
                  <td className={css.cell}>{m.name}<br /><span className={css.muted}>{m.email}</span></td>
                  <td className={css.cell}>{m.roles.map((r) => STAFF_ROLE_LABELS[r].split(' (')[0]).join(', ')}</td>
                  <td className={css.cell}>{m.revoked ? 'desativado' : m.enrolled ? 'ativo' : 'convite pendente'}</td>
                  <td className={css.cell}>{m.open_sessions}</td>
                  <td className={css.cell}>{m.open_sessions > 0 ? <Button variant="secondary" onPress={() => void end(m)}>{`Encerrar sessões de ${m.name}`}</Button> : null}</td>
                </tr>
              ))}
            </tbody>
          </table></TableScroll>
        </section>
      )}
    </main>
  );
}
