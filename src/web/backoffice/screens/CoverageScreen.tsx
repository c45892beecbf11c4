import { useCallback, useEffect, useMemo, useState } from 'react';
import { getStates } from '@brazilian-utils/brazilian-utils/get-states';
import { coverage, serveState, stopServingState } from '#shared/coverage/endpoints';
import { Button } from '../../ui/Button/Button';
import { Notice } from '../../ui/Notice/Notice';
import { TextField } from '../../ui/TextField/TextField';
import { CallError } from '../../api/transport';
import type { StaffApi } from '../api';
import * as css from '../backoffice.css';
import { TableScroll } from '../parts/TableScroll';
import * as faqCss from './FaqScreen.css';

/** The 27 units of federation (IBGE), by name. */
const STATES = getStates().map((s) => ({ code: s.code, name: s.name })).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));

const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/**
 * Coverage (admins): which franchisee serves each of the 27 states, 'Não atendido' where none does
 * (the portal then tells the customer the region is not served yet). An admin changes a state's
 * franchisee or stops serving it; the server checks the role and audits each change.
 */
export function CoverageScreen({ api }: { api: StaffApi }) {
  const [served, setServed] = useState<Map<string, string> | null>(null);
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<{ state: string; franchisee: string; confirmStop?: boolean } | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    api.call(coverage, {}).then(({ data }) => setServed(new Map(data.data.map((r) => [r.state, r.franchisee_id]))), (e: Error) => setError(e.message));
  }, [api]);
  useEffect(load, [load]);

  const rows = useMemo(() => {
    const q = fold(filter.trim());
    return STATES.map((s) => ({ ...s, franchisee: served?.get(s.code) ?? null }))
      .filter((s) => !q || fold(`${s.name} ${s.code} ${s.franchisee ?? 'nao atendido'}`).includes(q));
  }, [served, filter]);

  const write = async (action: () => Promise<void>, done: string) => {
    setBusy(true); setError(null); setStatus(null); setFieldError(null);
    try {
      await action();
      setEditing(null);
      setStatus(done);
      load();
    } catch (e) {
      if (e instanceof CallError && e.body?.field === 'franchisee_id') setFieldError(e.message);
      else setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const save = (state: string, name: string, franchisee: string) =>
    void write(async () => { await api.call(serveState, { params: { state }, json: { franchisee_id: franchisee } }); }, `${name}: atendido por ${franchisee.trim()}.`);
  const stop = (state: string, name: string) =>
    void write(async () => { await api.call(stopServingState, { params: { state } }); }, `${name}: não atendido.`);

  const servedCount = served ? STATES.filter((s) => served.has(s.code)).length : 0;
  return (
    <main className={css.main}>
      <div className={faqCss.header}>
        <h1 className={css.heading}>Cobertura</h1>
        <p className={css.muted}>Qual franqueado atende cada estado. Em um estado não atendido, o portal avisa o cliente que a região ainda não é atendida.</p>
        <p role="status" className={faqCss.status}>{status ?? ''}</p>
      </div>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {!served && !error ? <p role="status">Carregando…</p> : null}
      {served ? (
        <section className={css.card} aria-labelledby="coverage-title">
          <h2 id="coverage-title" className={css.subheading}>{`${servedCount} de ${STATES.length} estados atendidos`}</h2>
          <TextField className={faqCss.filter} label="Filtrar por estado, UF ou franqueado" type="search" value={filter} onChange={setFilter} />
          {rows.length === 0 ? <p className={css.muted}>Nenhum estado com este filtro.</p> : (
            <TableScroll label="Estados e franqueados"><table className={`${css.table} ${faqCss.coverageTable}`}>
              <thead><tr><th className={css.cell} scope="col">Estado</th><th className={css.cell} scope="col">UF</th><th className={css.cell} scope="col">Franqueado</th><th className={css.cell} scope="col"><span className={css.muted}>Ações</span></th></tr></thead>
              <tbody>
                {rows.map((r) => {
                  const mine = editing?.state === r.code ? editing : null;
                  return (
                    <tr key={r.code}>
                      <th className={css.cell} scope="row">{r.name}</th>
                      <td className={css.cell}>{r.code}</td>
                      <td className={`${css.cell} ${mine && !mine.confirmStop ? faqCss.wideOnPhone : ''}`}>
                        {mine && !mine.confirmStop ? (
                          <form className={faqCss.form} aria-label={`Franqueado de ${r.name}`} onSubmit={(e) => { e.preventDefault(); save(r.code, r.name, mine.franchisee); }}>
                            <TextField
                              label={`Franqueado de ${r.name}`} value={mine.franchisee} autoFocus maxLength={100} errorMessage={fieldError ?? undefined}
                              onChange={(franchisee) => setEditing({ state: r.code, franchisee })}
                            />
                            <div className={css.actions}>
                              <Button size="sm" type="submit" isPending={busy}>Salvar</Button>
                              <Button size="sm" variant="secondary" onPress={() => { setEditing(null); setFieldError(null); }}>Cancelar</Button>
                            </div>
                          </form>
                        ) : r.franchisee ?? <span className={css.muted}>Não atendido</span>}
                      </td>
                      <td className={css.cell}>
                        {mine?.confirmStop ? (
                          <p className={faqCss.confirm}>
                            <span>{`Deixar de atender ${r.name}?`}</span>
                            <Button size="sm" isPending={busy} onPress={() => stop(r.code, r.name)}>Sim, deixar de atender</Button>
                            <Button size="sm" variant="secondary" onPress={() => setEditing(null)}>Não</Button>
                          </p>
                        ) : mine ? null : (
                          <div className={faqCss.itemActions}>
                            <Button size="sm" variant="secondary" aria-label={`${r.franchisee ? 'Trocar franqueado' : 'Atender'}: ${r.name}`} onPress={() => { setFieldError(null); setEditing({ state: r.code, franchisee: r.franchisee ?? '' }); }}>
                              {r.franchisee ? 'Trocar franqueado' : 'Atender'}
                            </Button>
                            {r.franchisee ? (
                              <Button size="sm" variant="secondary" aria-label={`Deixar de atender: ${r.name}`} onPress={() => setEditing({ state: r.code, franchisee: r.franchisee ?? '', confirmStop: true })}>Deixar de atender</Button>
                            ) : null}
                          </div>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table></TableScroll>
          )}
        </section>
      ) : null}
    </main>
  );
}
