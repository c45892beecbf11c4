import { describe, expect, it } from 'vitest';
import { notificationTarget } from '#shared/notification/rules';
import { messages as m } from '#shared/messages';

/** The screen a notification names (issue 10: notifications were not links). */
describe('notificationTarget', () => {
  it('names the screen of each catalogue notification, with {when} filled and a reason after the prefix', () => {
    expect(notificationTarget({ message: m['notification.proposal.final'] })).toEqual({ screen: 'proposalFinal', path: '/proposal-final', label: 'Ver proposta final' });
    expect(notificationTarget({ message: m['notification.proposal.initial'] })?.path).toBe('/proposal-initial');
    expect(notificationTarget({ message: m['notification.bill.approved'] })?.path).toBe('/bill');
    expect(notificationTarget({ message: `${m['notification.bill.disapproved']}fora da área de atendimento` })?.path).toBe('/bill');
    expect(notificationTarget({ message: 'Sua visita técnica está confirmada para 24/11/2026 às 09:00.' })).toEqual({ screen: 'technicalVisit', path: '/technical-visit', label: 'Ver visita técnica' });
    expect(notificationTarget({ message: m['notification.visit.approved'] })?.path).toBe('/technical-visit');
  });

  it('a staff member\'s own words name no screen', () => {
    expect(notificationTarget({ message: 'Olá! Nossa equipe vai ligar amanhã.' })).toBeNull();
    // a catalogue text with more after it is not that notification
    expect(notificationTarget({ message: `${m['notification.bill.approved']} Parabéns` })).toBeNull();
    expect(notificationTarget({ message: 'Sua visita técnica está confirmada para .' })).toBeNull();
  });
});
