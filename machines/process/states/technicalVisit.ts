import { meta, notify, processSetup } from '../setup';

/**
 * The technical visit: booked by the customer, confirmed and then concluded by the company. Each
 * move tells the customer, naming the visit; a cancel only when someone else cancelled.
 */
const cancelled = {
  target: 'open',
  actions: [notify({ message: 'notification.visit.cancelled', about: 'visit', unlessBy: 'customer' }), 'audit'],
} as const;

export const technicalVisit = processSetup.createStateConfig({
  initial: 'open',
  states: {
    open: {
      ...meta('TECHNICAL_VISIT', 'NOT_DONE'),
      description: 'The customer books a visit.',
      on: { 'visit.requested': { target: 'requested', actions: [notify({ message: 'notification.visit.requested', about: 'visit' }), 'audit'] } },
    },
    requested: {
      ...meta('TECHNICAL_VISIT', 'PENDING'),
      description: 'Booked; the company confirms it.',
      on: {
        'visit.confirmed': { target: 'confirmed', actions: [notify({ message: 'notification.visit.confirmed', about: 'visit' }), 'audit'] },
        'visit.cancelled': cancelled,
      },
    },
    confirmed: {
      ...meta('TECHNICAL_VISIT', 'PENDING'),
      on: {
        'visit.approved': { target: '#process.offer', actions: [notify({ message: 'notification.visit.approved', about: 'visit' }), 'audit'] },
        'visit.notApproved': { target: 'notApproved', actions: [notify({ message: 'notification.visit.notApproved', about: 'visit' }), 'audit'] },
        'visit.cancelled': cancelled,
      },
    },
    notApproved: { ...meta('TECHNICAL_VISIT', 'DENIED'), description: 'The site cannot take the system.' },
  },
});
