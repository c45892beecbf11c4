import { describe, expect, it } from 'vitest';
import { daysBetween, deadlineDay, filingProgress, isWithDistributor, nationalHolidays, nextProjectStatus, PROJECT_STATUSES, projectStepIndex, projectSteps, unansweredFiles, whatsAppChatUrl } from '#shared/project/rules';
import { brazilDay } from '../../src/shared/calendar';

describe('the seven steps (spec §4 "Project status order")', () => {
  it('index 0 to 6 in the spec\'s order; an unknown status, or none, is step 0', () => {
    expect(PROJECT_STATUSES.map((s) => projectStepIndex(s))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(projectStepIndex('EQUIPMENT_DISPATCHED')).toBe(3);
    for (const unknown of ['WAITING_FOR_SUN', '', null, undefined, 'project_in_preparation']) expect(projectStepIndex(unknown)).toBe(0);
  });

  it('the steps before the status are done, the status is current; once connected every step is done', () => {
    const at = projectSteps('EQUIPMENT_DELIVERED');
    expect(at.map((s) => s.done)).toEqual([true, true, true, true, false, false, false]);
    expect(at.filter((s) => s.current).map((s) => s.status)).toEqual(['EQUIPMENT_DELIVERED']);
    expect(projectSteps('SOMETHING_NEW').map((s) => [s.done, s.current])[0]).toEqual([false, true]);
    const connected = projectSteps('SYSTEM_CONNECTED_AND_WORKING');
    expect(connected.every((s) => s.done)).toBe(true);
    expect(connected.at(-1)!.current).toBe(true);
  });

  it('the next status is one step on; none after the last; the first before the project opens', () => {
    expect(nextProjectStatus(null)).toBe('PROJECT_IN_PREPARATION');
    expect(nextProjectStatus('PROJECT_IN_PREPARATION')).toBe('PROJECT_SUBMITTED_TO_DEALERSHIP');
    expect(nextProjectStatus('SYSTEM_CONNECTED_AND_WORKING')).toBeNull();
  });

  it('the request is with the distributor from PROJECT_SUBMITTED_TO_DEALERSHIP on', () => {
    expect(isWithDistributor('PROJECT_IN_PREPARATION')).toBe(false);
    expect(isWithDistributor(null)).toBe(false);
    expect(PROJECT_STATUSES.slice(1).every(isWithDistributor)).toBe(true);
  });
});

describe("the distributor's deadline", () => {
  it('a day in Brasília time: 02:59 UTC is still the day before', () => {
    expect(brazilDay(new Date('2026-03-10T02:59:00Z'))).toBe('2026-03-09');
    expect(brazilDay(new Date('2026-03-10T03:00:00Z'))).toBe('2026-03-10');
  });

  it('calendar days count from the day after the filing', () => {
    expect(deadlineDay('2026-01-20', 15, 'CALENDAR')).toBe('2026-02-04');
    expect(daysBetween('2026-01-20', '2026-02-04')).toBe(15);
    expect(deadlineDay('2028-02-20', 10, 'CALENDAR')).toBe('2028-03-01');
  });

  it('working days skip weekends and national holidays, Good Friday and 20 November included', () => {
    // Thursday 2 April 2026; Good Friday is 3 April; 7 working days: 6, 7, 8, 9, 10, 13, 14
    expect(nationalHolidays(2026).has('2026-04-03')).toBe(true);
    expect(deadlineDay('2026-04-02', 7, 'BUSINESS')).toBe('2026-04-14');
    // Thursday 19 November 2026: the 20th (Friday) is a holiday, then the weekend
    expect(deadlineDay('2026-11-19', 1, 'BUSINESS')).toBe('2026-11-23');
    // Christmas and New Year's Day
    expect(deadlineDay('2026-12-24', 3, 'BUSINESS')).toBe('2026-12-30'); // Thursday; Christmas Friday, then the weekend: 28, 29, 30
    expect(deadlineDay('2026-12-31', 1, 'BUSINESS')).toBe('2027-01-04');
  });

  it('overdue only after the last day, and only while the project is still at that stage', () => {
    const filing = { filed_on: '2026-01-20', deadline_days: 15, deadline_unit: 'CALENDAR' as const };
    expect(filingProgress(filing, '2026-02-04', true)).toEqual({ due_on: '2026-02-04', days_elapsed: 15, overdue: false });
    expect(filingProgress(filing, '2026-02-05', true)).toEqual({ due_on: '2026-02-04', days_elapsed: 16, overdue: true });
    expect(filingProgress(filing, '2026-02-05', false).overdue).toBe(false);
    // a filing recorded with a day ahead of the clock shows no negative days
    expect(filingProgress(filing, '2026-01-10', true).days_elapsed).toBe(0);
  });
});

describe('the WhatsApp chat with the team', () => {
  it('wa.me with the number in digits and the message encoded', () => {
    expect(whatsAppChatUrl('+55 (11) 4000-3000', 'Olá! Projeto nº 12 & cia')).toBe('https://wa.me/551140003000?text=Ol%C3%A1!%20Projeto%20n%C2%BA%2012%20%26%20cia');
  });
});

describe('the customer\'s files the team has not answered', () => {
  it('are those sent after the newest mural message, whatever the order given; all of them before any message', () => {
    const files = [{ id: 1, created_at: '2026-11-20T10:00:00Z' }, { id: 2, created_at: '2026-11-22T10:00:00Z' }, { id: 3, created_at: '2026-11-24T10:00:00Z' }];
    expect(unansweredFiles(files, []).map((f) => f.id)).toEqual([1, 2, 3]);
    const mural = [{ created_at: '2026-11-21T09:00:00Z' }, { created_at: '2026-11-23T09:00:00Z' }];
    expect(unansweredFiles(files, mural).map((f) => f.id)).toEqual([3]);
    expect(unansweredFiles(files, [...mural].reverse()).map((f) => f.id)).toEqual([3]);
    expect(unansweredFiles(files, [{ created_at: '2026-11-25T00:00:00Z' }])).toEqual([]);
  });
});

