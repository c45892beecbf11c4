import { definePathModel, sample } from './engine';
import { staffMachine, type StaffContext } from '#machines/staff/staffMachine';
import type { StaffMember } from '#shared/staff/payloads';
import { apiErrors } from './samples';

/**
 * Path model of the back-office's screens: opened plainly, on a customer's bill, or from an
 * invitation link; a session in the tab or none; signing in, opening a bill, going home, signing
 * out, and the session ending under the member's feet.
 */
const analyst: StaffMember = { id: 7, name: 'Beatriz Lima', email: 'beatriz@empresa.com.br', roles: ['analyst'] };

export const staffPaths = definePathModel({
  name: 'staff',
  machine: staffMachine,
  inputs: [
    sample('plain', { invitation: false, customerId: null }),
    sample('onACustomer', { invitation: false, customerId: 41 }),
    sample('onABill', { invitation: false, customerId: 41, bill: true }),
    sample('invitationLink', { invitation: true, customerId: null }),
    sample('onTheAuditLog', { invitation: false, customerId: null, page: 'audit' }),
    sample('onTheTeamPage', { invitation: false, customerId: null, page: 'team' }),
    sample('onTheAgenda', { invitation: false, customerId: null, page: 'agenda' }),
    sample('onTheFaq', { invitation: false, customerId: null, page: 'faq' }),
    sample('onTheCoverage', { invitation: false, customerId: null, page: 'coverage' }),
    sample('onTheAccount', { invitation: false, customerId: null, page: 'account' }),
  ],
  events: {
    signedIn: [sample('analyst', { type: 'signedIn', member: analyst })],
    'open.bill': [sample('customer41', { type: 'open.bill', customerId: 41 })],
    'open.customer': [sample('customer41', { type: 'open.customer', customerId: 41 })],
  },
  actors: {
    checkSession: {
      done: [sample('noSession', null), sample('analystSession', analyst)],
      error: [sample('offline', apiErrors.offline)],
    },
    readInvitation: {
      done: [sample('analystInvited', { name: 'Beatriz Lima', email: 'beatriz@empresa.com.br', roles: ['analyst'], otpauth_uri: 'otpauth://totp/x?secret=ABC', secret: 'ABC', qr_svg: '<svg/>' })],
      error: [sample('expired', apiErrors.offline)],
    },
    endSession: {
      done: [sample('ended', undefined)],
      error: [sample('offline', apiErrors.offline)],
    },
  },
  context: (c: StaffContext) => ({ signedIn: c.member !== null, customerId: c.customerId, notice: c.notice }),
  checks: {
    'signedIn.bill': (s) => ((s.context as StaffContext).customerId !== null ? undefined : 'a bill screen without a customer'),
    'signedIn.customer': (s) => ((s.context as StaffContext).customerId !== null ? undefined : 'a customer page without a customer'),
    'signedIn.home': (s) => ((s.context as StaffContext).member !== null ? undefined : 'signed in without a member'),
  },
});
