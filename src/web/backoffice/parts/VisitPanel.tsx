import { useCallback, useState } from 'react';
import { messages } from '#shared/messages';
import { hasRole } from '#shared/staff/roles';
import { visitChangeable, visitNotStartedYet, visitTimeZone } from '#shared/visit/agenda';
import { visitWhen } from '#shared/visit/payloads';
import { localClockAt } from '#shared/visit/rules';
import { Button } from '../../ui/Button/Button';
import { TextField } from '../../ui/TextField/TextField';
import * as css from '../backoffice.css';
import { usePanel, Panel, type PanelProps } from './panel';
import { RescheduleVisit } from './RescheduleVisit';

export function VisitPanel({ api, customerId, roles, onChanged }: PanelProps) {
  const p = usePanel(useCallback(() => api.visit(customerId), [api, customerId]));
  const scheduler = hasRole(roles, ['scheduler']);
  const v = p.data;
  const [moving, setMoving] = useState(false);
  const [notes, setNotes] = useState('');
  // the visit's address state stands for the customer's (time zone, holidays); the server reads the customer's own
  const now = v ? localClockAt(new Date(), visitTimeZone(v.state)) : null;
  const changeable = v && now ? visitChangeable(v, now) : false;
  const notStarted = v && now ? visitNotStartedYet(v, now) : false;
  const move = (status: 'CONFIRMED_SCHEDULE' | 'ACCOMPLISHED_AND_APPROVED' | 'DONE_AND_NOT_APPROVED' | 'CANCELLED', said: string, early = false) =>
    void p.act(status, () => api.moveVisit(customerId, { status, early, ...(notes.trim() ? { notes } : {}) }), said, onChanged);
  return (
    <Panel id="visit-title" title="Visita técnica" error={p.error} done={p.done}>
      {!p.loaded && !p.error ? <p role="status">Carregando…</p> : null}
      {p.loaded && p.data === null ? <p className={css.muted}>Nenhuma visita marcada.</p> : null}
      {v ? (
        <>
          <p>{v.date} às {v.time} · {v.address}, {v.number} · {v.city} – {v.state} · <strong>{messages[`visit.status.${v.status}` as keyof typeof messages] ?? v.status}</strong></p>
          {v.notes ? <p><strong>Observações da visita:</strong> {v.notes}</p> : null}
          {scheduler && v.status === 'CONFIRMED_SCHEDULE' ? (
            <TextField label="Observações da visita (para a equipe)" rows={3} value={notes} onChange={setNotes} description="Telhado, sombreamento, padrão de entrada: o que a proposta final precisa saber." />
          ) : null}
          {scheduler ? (
            <div className={css.actions}>
              {v.status === 'UNCONFIRMED_APPOINTMENT' ? <Button onPress={() => move('CONFIRMED_SCHEDULE', 'Visita confirmada.')} isPending={p.pending === 'CONFIRMED_SCHEDULE'}>Confirmar visita</Button> : null}
              {v.status === 'CONFIRMED_SCHEDULE' ? (
                <>
                  <Button onPress={() => move('ACCOMPLISHED_AND_APPROVED', 'Visita registrada: realizada e aprovada.', notStarted)} isPending={p.pending === 'ACCOMPLISHED_AND_APPROVED'}>Realizada e aprovada</Button>
                  <Button variant="secondary" onPress={() => move('DONE_AND_NOT_APPROVED', 'Visita registrada: realizada e não aprovada.', notStarted)} isPending={p.pending === 'DONE_AND_NOT_APPROVED'}>Realizada e não aprovada</Button>
                </>
              ) : null}
              {changeable && !moving ? <Button variant="secondary" onPress={() => setMoving(true)}>Remarcar visita</Button> : null}
              {v.status === 'UNCONFIRMED_APPOINTMENT' || v.status === 'CONFIRMED_SCHEDULE' ? <Button variant="secondary" onPress={() => move('CANCELLED', 'Visita cancelada.')} isPending={p.pending === 'CANCELLED'}>Cancelar visita</Button> : null}
            </div>
          ) : null}
          {scheduler && moving && changeable ? (
            <RescheduleVisit
              api={api}
              customerId={customerId}
              visit={{ id: v.id, date: v.date, time: v.time, uf: v.state }}
              onCancel={() => setMoving(false)}
              onDone={(moved) => {
                setMoving(false);
                void p.act('moved', async () => {}, `Visita remarcada para ${visitWhen(moved.date, moved.time)}. O cliente foi avisado.`, onChanged);
              }}
            />
          ) : null}
          {scheduler && v.status === 'CONFIRMED_SCHEDULE' && notStarted ? <p className={css.muted}>O horário ainda não chegou: registrar agora confirma que a equipe foi antes.</p> : null}
        </>
      ) : null}
    </Panel>
  );
}
