import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { StaffRole } from '#shared/staff/roles';
import { Notice } from '../../ui/Notice/Notice';
import type { StaffApi } from '../api';
import * as css from '../backoffice.css';

/**
 * The work on one customer, by domain, on their page (one file per panel beside this one): each
 * panel reads what staff need and offers the actions of the role that does them (the server checks
 * the role again); after an action the page reloads, so the process and its moves show the change.
 */
export interface PanelProps { api: StaffApi; customerId: number; roles: readonly StaffRole[]; onChanged: () => void }

/** Loads with `load`, shows an error, runs actions with one pending flag and a status line. */
export function usePanel<T>(load: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const reload = useCallback(() => {
    load().then((d) => { setData(d); setLoaded(true); }, (e: Error) => setError(e.message));
  }, [load]);
  useEffect(reload, [reload]);
  const act = async (name: string, run: () => Promise<unknown>, said: string, onChanged: () => void) => {
    setPending(name);
    setError(null);
    setDone(null);
    try {
      await run();
      setDone(said);
      reload();
      onChanged();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(null);
    }
  };
  return { data, loaded, error, done, pending, act };
}

export function Panel({ id, title, error, done, children }: { id: string; title: string; error: string | null; done: string | null; children: ReactNode }) {
  return (
    <section className={css.card} aria-labelledby={id}>
      <h2 id={id} className={css.subheading}>{title}</h2>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {done ? <p role="status" className={css.muted}>{done}</p> : null}
      {children}
    </section>
  );
}

/**
 * A file fetched with the staff session, shown in a new tab. The tab is opened at once, while the
 * click still counts (a tab opened after the download would be blocked), and closed if it fails.
 */
export async function openInNewTab(load: () => Promise<Blob>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await load());
    if (tab) tab.location.href = url; else window.location.assign(url);
  } catch (e) {
    tab?.close();
    throw e;
  }
}
