import { Button as RACButton } from 'react-aria-components/Button';
import {
  Calendar as RACCalendar, CalendarCell, CalendarGrid, CalendarGridBody, CalendarGridHeader, CalendarHeaderCell, Heading,
  type CalendarProps as RACCalendarProps, type DateValue,
} from 'react-aria-components/Calendar';
import { I18nProvider } from 'react-aria-components/I18nProvider';
import * as styles from './Calendar.css';

export type CalendarProps<T extends DateValue> = Omit<RACCalendarProps<T>, 'className' | 'children'>;

/**
 * The portal's month calendar (RAC Calendar) in pt-BR: the month's name between 'Mês anterior' and
 * 'Próximo mês', short weekday names, days struck through when `isDateUnavailable` says so (the
 * rules stay the caller's), today ringed.
 */
export function Calendar<T extends DateValue>(props: CalendarProps<T>) {
  return (
    <I18nProvider locale="pt-BR">
      <RACCalendar {...props} className={styles.calendar}>
        <header className={styles.header}>
          <RACButton slot="previous" className={styles.navButton} aria-label="Mês anterior">‹</RACButton>
          <Heading className={styles.heading} />
          <RACButton slot="next" className={styles.navButton} aria-label="Próximo mês">›</RACButton>
        </header>
        <CalendarGrid className={styles.grid} weekdayStyle="short">
          <CalendarGridHeader>{(day) => <CalendarHeaderCell className={styles.weekday}>{day}</CalendarHeaderCell>}</CalendarGridHeader>
          <CalendarGridBody>{(date) => <CalendarCell date={date} className={styles.cell} />}</CalendarGridBody>
        </CalendarGrid>
      </RACCalendar>
    </I18nProvider>
  );
}
