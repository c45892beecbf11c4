import { useEffect, useMemo, useState } from 'react';
import { parseDate, type CalendarDate } from '@internationalized/date';
import { Button as RACButton } from 'react-aria-components/Button';
import { DateInput, DatePicker, DateSegment, FieldError, Group, Label, Popover, Text } from 'react-aria-components/DatePicker';
import { Dialog } from 'react-aria-components/Dialog';
import { staffRescheduleSlots, visitTimeZone, type VisitSlot } from '#shared/visit/agenda';
import { calendar, staffRescheduleVisit } from '#shared/visit/endpoints';
import { visitWhen, type Visit } from '#shared/visit/payloads';
import { firstBookableDay, isoDay, lastBookableDay, localClockAt, VISIT_TIME_SLOTS } from '#shared/visit/rules';
import { Button } from '../../ui/Button/Button';
import * as f from '../../ui/Field/Field.css';
import { Calendar } from '../../ui/Calendar/Calendar';
import { Notice } from '../../ui/Notice/Notice';
import { RadioGroup } from '../../ui/RadioGroup/RadioGroup';
import type { StaffApi } from '../api';
import * as css from '../backoffice.css';
import * as s from './RescheduleVisit.css';

/** The visit as staff saw it: its id, day and slot, and the customer's state (time zone and holidays). */
export interface ReschedulableVisit extends VisitSlot { readonly id: number; readonly uf: string }

export interface RescheduleVisitProps {
  api: StaffApi;
  customerId: number;
  visit: ReschedulableVisit;
  /** after the server moved it */
  onDone: (visit: Visit) => void;
  onCancel: () => void;
}

const toDateValue = (iso: string | null | undefined): CalendarDate | null => {
  if (!iso) return null;
  try { return parseDate(iso); } catch { return null; }
};

/**
 * Staff move a visit to another day and slot (the agenda and the customer's page share it). The
 * picker offers only what the server accepts (src/shared/visit/agenda.ts: the customer's calendar,
 * the blocked days, 24 hours on both ends); the server checks all of it again.
 */
export function RescheduleVisit({ api, customerId, visit, onDone, onCancel }: RescheduleVisitProps) {
  const [blocked, setBlocked] = useState<string[]>([]);
  const [date, setDate] = useState<CalendarDate | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // the customer's clock when the form opened (the server reads its own again)
  const [openedAt] = useState(() => new Date());
  const now = useMemo(() => localClockAt(openedAt, visitTimeZone(visit.uf)), [openedAt, visit.uf]);

  useEffect(() => {
    let live = true;
    // the blocked days with reasons; on failure none are known here and the server refuses them
    api.call(calendar, {}).then(({ data }) => { if (live) setBlocked(data.data.map((d) => d.day)); }, () => {});
    return () => { live = false; };
  }, [api]);

  const options = useMemo(() => ({ uf: visit.uf, blocked }), [visit.uf, blocked]);
  const slotsOf = (day: string) => staffRescheduleSlots(visit, day, now, options);
  const first = firstBookableDay(now, options);
  const last = lastBookableDay(now, options);
  const open = date ? slotsOf(date.toString()) : [];
  const slot = open.find((t) => t === time);
  const chosen = date && slot ? { date: date.toString(), time: slot } : null;

  const submit = async () => {
    if (!chosen) return;
    setPending(true);
    setError(null);
    try {
      const { data } = await api.call(staffRescheduleVisit, {
        params: { id: customerId }, json: { visit_id: visit.id, seen: { date: visit.date, time: visit.time }, date: chosen.date, time: chosen.time },
      });
      onDone(data.data);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <form className={s.form} onSubmit={(e) => { e.preventDefault(); void submit(); }} aria-busy={pending}>
      <p className={css.muted}>Visita atual: {visitWhen(visit.date, visit.time)}. O cliente será avisado do novo horário.</p>
      <DatePicker
        className={s.form}
        value={date}
        onChange={(d) => { setDate(d); setTime(null); }}
        isDateUnavailable={(d) => slotsOf(d.toString()).length === 0}
        minValue={toDateValue(first ? isoDay(first) : null) ?? undefined}
        maxValue={toDateValue(last ? isoDay(last) : null) ?? undefined}
        // the calendar opens on the visit's own month, where a new day is looked for
        placeholderValue={toDateValue(visit.date) ?? undefined}
        validationBehavior="aria"
        isDisabled={pending}
        shouldForceLeadingZeros
      >
        <Label className={f.label}>Novo dia</Label>
        <Group className={s.group}>
          <DateInput className={s.dateInput}>{(segment) => <DateSegment segment={segment} className={s.segment} />}</DateInput>
          <RACButton className={s.open} aria-label="Abrir calendário">
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
              <rect x="3" y="4.5" width="14" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <path d="M3 8.5h14M7 2.5v4M13 2.5v4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
          </RACButton>
        </Group>
        <Text slot="description" className={f.description}>Dias riscados não aceitam visitas: domingos, feriados, dias bloqueados e horários a menos de 24 horas.</Text>
        <FieldError className={f.error} />
        <Popover className={s.popover} placement="bottom start">
          <Dialog className={s.dialog} aria-label="Escolha o novo dia">
            <Calendar />
          </Dialog>
        </Popover>
      </DatePicker>
      {date ? (
        <RadioGroup
          label="Novo horário"
          options={VISIT_TIME_SLOTS.map((t) => ({ value: t, label: t, isDisabled: !open.includes(t) }))}
          value={time}
          onChange={setTime}
          isDisabled={pending}
        />
      ) : null}
      {chosen ? <p className={css.muted} aria-live="polite">Nova data: {visitWhen(chosen.date, chosen.time)}.</p> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <div className={css.actions}>
        <Button type="submit" isPending={pending} isDisabled={!chosen}>Remarcar visita</Button>
        <Button variant="secondary" onPress={onCancel} isDisabled={pending}>Manter horário atual</Button>
      </div>
    </form>
  );
}
