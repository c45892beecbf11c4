import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { brazilDay, dayNumber, type IsoDay } from '#shared/calendar';
import { dateTimeFormat } from '#shared/intl';
import type { StaffMember } from '#shared/staff/payloads';
import { hasRole } from '#shared/staff/roles';
import { mondayOf, weekAfter } from '#shared/visit/agenda';
import { agenda, blockDay, moveVisit, unblockDay } from '#shared/visit/endpoints';
import { VISIT_STATUS_LABEL, visitWhen, type AgendaVisit, type AgendaWeek } from '#shared/visit/payloads';
import { baseBlockedDays } from '#shared/visit/rules';
import { Button } from '../../ui/Button/Button';
import { Modal } from '../../ui/Modal/Modal';
import { Notice } from '../../ui/Notice/Notice';
import { TextField } from '../../ui/TextField/TextField';
import type { StaffApi } from '../api';
import * as css from '../backoffice.css';
import { RescheduleVisit } from '../parts/RescheduleVisit';
import * as s from './AgendaScreen.css';

/** A calendar day as a Date at UTC midnight, for formatting it as that same day. */
const utc = (day: IsoDay) => new Date(dayNumber(day) * 86_400_000);
const dayName = (day: IsoDay) => dateTimeFormat('pt-BR', { weekday: 'long', day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(utc(day));
// '30 de novembro – 5 de dezembro de 2026' read as a phrase: '30 de novembro a 5 de dezembro de 2026'
const weekLabel = (first: IsoDay, last: IsoDay) =>
  dateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).formatRange(utc(first), utc(last)).replace(/\s[–-]\s/, ' a ');
const longDay = (day: IsoDay) => dateTimeFormat('pt-BR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(utc(day));
const thisWeek = () => mondayOf(brazilDay(new Date()));

type Outcome = 'CONFIRMED_SCHEDULE' | 'ACCOMPLISHED_AND_APPROVED' | 'DONE_AND_NOT_APPROVED';
const SAID: Record<Outcome, string> = {
  CONFIRMED_SCHEDULE: 'confirmada',
  ACCOMPLISHED_AND_APPROVED: 'registrada como realizada e aprovada',
  DONE_AND_NOT_APPROVED: 'registrada como realizada e não aprovada',
};

/**
 * The scheduler's agenda: the week's visits by day (six columns from a laptop up, a list per day on
 * a phone), with the actions of the member's roles: a scheduler confirms, reschedules and records
 * the outcome; an admin blocks and opens days. The server checks every role and rule again.
 */
export function AgendaScreen({ api, member, onOpenCustomer }: { api: StaffApi; member: StaffMember; onOpenCustomer: (customerId: number) => void }) {
  const scheduler = hasRole(member.roles, ['scheduler']);
  const admin = hasRole(member.roles, ['admin']);
  const [monday, setMonday] = useState<IsoDay>(thisWeek);
  const [week, setWeek] = useState<AgendaWeek | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [moving, setMoving] = useState<AgendaVisit | null>(null);
  const [blocking, setBlocking] = useState<IsoDay | null>(null);
  const [reason, setReason] = useState('');
  const saidRef = useRef<HTMLParagraphElement>(null);

  const load = useCallback((day: IsoDay) => {
    setError(null);
    return api.call(agenda, { query: { week: day } }).then(({ data }) => setWeek(data.data), (e: Error) => setError(e.message));
  }, [api]);
  useEffect(() => { void load(monday); }, [load, monday]);

  /** Runs a change, reloads the week and says what happened where the keyboard goes (the pressed button may be gone). */
  const act = async (key: string, run: () => Promise<unknown>, text: string) => {
    setPending(key);
    setError(null);
    setSaid(null);
    try {
      await run();
      await load(monday);
      setSaid(text);
      requestAnimationFrame(() => saidRef.current?.focus());
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(null);
    }
  };
  const move = (v: AgendaVisit, status: Outcome) =>
    act(`${v.id}:${status}`, () => api.call(moveVisit, { params: { id: v.customer_id }, json: { status } }), `Visita de ${v.customer_name} ${SAID[status]}.`);
  // closed without moving: the week is read again, in case the visit changed meanwhile (a refusal said so)
  const closeMoving = () => { setMoving(null); void load(monday); };
  const block = (e: FormEvent) => {
    e.preventDefault();
    const day = blocking;
    if (!day) return;
    setBlocking(null);
    void act(`block:${day}`, () => api.call(blockDay, { params: { day }, json: { reason: reason.trim() || null } }), `Dia bloqueado para visitas: ${longDay(day)}.`);
  };

  const days = week?.days ?? [];
  const today = brazilDay(new Date());
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <main className={s.page} aria-labelledby="agenda-title">
      <div className={s.toolbar}>
        <div>
          <h1 id="agenda-title" className={css.heading}>Agenda de visitas</h1>
          {first && last ? <p className={s.weekTitle} aria-live="polite">Semana de {weekLabel(first, last)}</p> : null}
        </div>
        <nav className={s.weekNav} aria-label="Semanas">
          <Button variant="secondary" size="sm" onPress={() => setMonday((m) => weekAfter(m, -1))}>‹ Semana anterior</Button>
          <Button variant="secondary" size="sm" onPress={() => setMonday(thisWeek())} aria-current={monday === thisWeek() ? 'date' : undefined}>Esta semana</Button>
          <Button variant="secondary" size="sm" onPress={() => setMonday((m) => weekAfter(m, 1))}>Próxima semana ›</Button>
        </nav>
      </div>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <div className={s.summary}>
        {!week && !error ? <p role="status">Carregando…</p> : null}
        {week ? <p className={css.muted}>{week.visits.length === 0 ? 'Nenhuma visita nesta semana.' : week.visits.length === 1 ? '1 visita nesta semana.' : `${week.visits.length} visitas nesta semana.`}</p> : null}
        <p ref={saidRef} tabIndex={-1} role="status" className={s.said}>{said ?? ''}</p>
      </div>
      {week ? (
        <>
          <ol className={s.week} aria-label="Dias da semana">
            {days.map((day) => {
              const blocked = week.blocked.find((b) => b.day === day);
              const holiday = baseBlockedDays(Number(day.slice(0, 4))).has(day);
              const visits = week.visits.filter((v) => v.date === day);
              const headingId = `agenda-day-${day}`;
              return (
                <li key={day} className={[s.day, blocked || holiday ? s.dayClosed : '', day === today ? s.today : ''].filter(Boolean).join(' ')}>
                  <section aria-labelledby={headingId} className={s.dayBody}>
                    <h2 id={headingId} className={s.dayHeading}>
                      {dayName(day)}{day === today ? <span className={css.muted}> · hoje</span> : null}
                    </h2>
                    {holiday ? <p className={s.badge}>Feriado nacional</p> : null}
                    {blocked ? <p className={s.badge}>Bloqueado{blocked.reason ? `: ${blocked.reason}` : ''}</p> : null}
                    {visits.length === 0 ? <p className={s.empty}>Nenhuma visita.</p> : (
                      <ul className={s.visits} aria-label={`Visitas de ${longDay(day)}`}>
                        {visits.map((v) => (
                          <li key={v.id} className={s.visit[v.status]}>
                            <p className={s.slot}>{v.time}</p>
                            <button type="button" className={s.customer} onClick={() => onOpenCustomer(v.customer_id)} aria-label={`${v.customer_name}: abrir a página do cliente`}>
                              {v.customer_name}
                            </button>
                            <p className={s.detail}>{v.city} – {v.state}</p>
                            <p className={s.status}>{VISIT_STATUS_LABEL[v.status]}</p>
                            {v.outcome_due ? <p className={s.due}>Resultado pendente</p> : null}
                            {scheduler ? <VisitActions v={v} pending={pending} onMove={move} onReschedule={() => setMoving(v)} /> : null}
                          </li>
                        ))}
                      </ul>
                    )}
                    {admin ? (
                      <div className={s.dayActions}>
                        {blocked ? (
                          <Button variant="secondary" size="sm" isPending={pending === `unblock:${day}`} aria-label={`Desbloquear ${longDay(day)}`}
                            onPress={() => void act(`unblock:${day}`, () => api.call(unblockDay, { params: { day } }), `Dia aberto para visitas novamente: ${longDay(day)}.`)}>
                            Desbloquear
                          </Button>
                        ) : (
                          <Button variant="secondary" size="sm" isPending={pending === `block:${day}`} aria-label={`Bloquear dia ${longDay(day)}`}
                            onPress={() => { setReason(''); setBlocking(day); }}>
                            Bloquear dia
                          </Button>
                        )}
                      </div>
                    ) : null}
                  </section>
                </li>
              );
            })}
          </ol>
        </>
      ) : null}

      <Modal isOpen={moving !== null} onOpenChange={(open) => { if (!open) closeMoving(); }} title={moving ? `Remarcar a visita de ${moving.customer_name}` : ''}>
        {moving ? (
          <RescheduleVisit
            api={api}
            customerId={moving.customer_id}
            visit={moving}
            onCancel={closeMoving}
            onDone={(v) => {
              const name = moving.customer_name;
              setMoving(null);
              void act(`moved:${v.id}`, async () => {}, `Visita de ${name} remarcada para ${visitWhen(v.date, v.time)}. O cliente foi avisado.`);
            }}
          />
        ) : null}
      </Modal>

      <Modal isOpen={blocking !== null} onOpenChange={(open) => { if (!open) setBlocking(null); }} title={blocking ? `Bloquear dia ${longDay(blocking)}` : ''} size="sm">
        <form className={css.plainList} onSubmit={block}>
          <p className={css.muted}>Nenhuma visita nova poderá ser marcada neste dia. As visitas já marcadas continuam.</p>
          <TextField label="Motivo (opcional)" value={reason} onChange={setReason} maxLength={200} autoFocus />
          <div className={css.actions}>
            <Button type="submit">Bloquear dia</Button>
            <Button variant="secondary" onPress={() => setBlocking(null)}>Cancelar</Button>
          </div>
        </form>
      </Modal>
    </main>
  );
}

/** A scheduler's moves on one visit: confirm, reschedule, and the outcome once the visit's time has come. */
function VisitActions({ v, pending, onMove, onReschedule }: {
  v: AgendaVisit; pending: string | null; onMove: (v: AgendaVisit, status: Outcome) => Promise<void>; onReschedule: () => void;
}) {
  const busy = (status: Outcome) => pending === `${v.id}:${status}`;
  const buttons = [
    v.status === 'UNCONFIRMED_APPOINTMENT'
      ? <Button key="confirm" size="sm" isPending={busy('CONFIRMED_SCHEDULE')} aria-label={`Confirmar a visita de ${v.customer_name}`} onPress={() => void onMove(v, 'CONFIRMED_SCHEDULE')}>Confirmar</Button>
      : null,
    v.changeable
      ? <Button key="move" size="sm" variant="secondary" aria-label={`Remarcar a visita de ${v.customer_name}`} onPress={onReschedule}>Remarcar</Button>
      : null,
    v.outcome_due
      ? <Button key="ok" size="sm" isPending={busy('ACCOMPLISHED_AND_APPROVED')} aria-label={`Aprovada: registrar a visita de ${v.customer_name} como realizada e aprovada`} onPress={() => void onMove(v, 'ACCOMPLISHED_AND_APPROVED')}>Aprovada</Button>
      : null,
    v.outcome_due
      ? <Button key="no" size="sm" variant="secondary" isPending={busy('DONE_AND_NOT_APPROVED')} aria-label={`Não aprovada: registrar a visita de ${v.customer_name} como realizada e não aprovada`} onPress={() => void onMove(v, 'DONE_AND_NOT_APPROVED')}>Não aprovada</Button>
      : null,
  ].filter(Boolean);
  return buttons.length ? <div className={s.visitActions}>{buttons}</div> : null;
}
