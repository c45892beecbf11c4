import { describe, expect, it } from 'vitest';
import { failureOf, ruleMessageKey } from '#shared/failure';
import { messageKeyForError, userMessageForError } from '#shared/errors';
import { messageKeyOfText, messages as m, t, type MessageKey } from '#shared/messages';
import { authMessages } from '../../src/shared/messages/auth';
import { billMessages } from '../../src/shared/messages/bill';
import { commonMessages } from '../../src/shared/messages/common';
import { customerMessages } from '../../src/shared/messages/customer';
import { notificationMessages } from '../../src/shared/messages/notification';
import { profileMessages } from '../../src/shared/messages/profile';
import { proposalMessages } from '../../src/shared/messages/proposal';
import { planMessages } from '../../src/shared/messages/plan';
import { checkoutMessages } from '../../src/shared/messages/checkout';
import { documentMessages } from '../../src/shared/messages/document';
import { contractMessages } from '../../src/shared/messages/contract';
import { paymentMessages } from '../../src/shared/messages/payment';
import { projectMessages } from '../../src/shared/messages/project';
import { visitMessages } from '../../src/shared/messages/visit';
import { faqMessages } from '../../src/shared/messages/faq';

/** An error as the browser's API client throws it: HTTP status and the parsed `{code, message, ...}` body. */
const apiError = (status: number, body?: Record<string, unknown>) => Object.assign(new Error('texto do cliente'), { status, body });

describe('failureOf: a failed call as the key a machine keeps', () => {
  it('maps the body code to its catalogue key, with the blamed input and the wait', () => {
    expect(failureOf(apiError(429, { code: 4291, message: 'x', retry_after_s: 299.2 }), 'common.error.phoneStep'))
      .toEqual({ key: 'access.code.sendLimit', retryAfter: 300 });
    expect(failureOf(apiError(409, { code: 1005, message: 'x', field: 'email' }), 'common.error.generic'))
      .toEqual({ key: 'api.1005', field: 'email' });
  });

  it('keeps a validation text the catalogue knows, and replaces one it does not by the fallback', () => {
    const known = apiError(400, { code: 4000, message: m['visit.cep.invalid'], field: 'cep' });
    expect(failureOf(known, 'visit.book.error')).toEqual({ key: 'visit.cep.invalid', field: 'cep' });
    const unknown = apiError(400, { code: 4000, message: 'is_holder deve ser true ou false', field: 'is_holder' });
    expect(failureOf(unknown, 'bill.upload.error').key).toBe('bill.upload.error');
    expect(failureOf(apiError(422, { code: 4002, message: 'INVALID_COUPON: SOL10' }), 'common.error.generic').key).toBe('signup.coupon.invalid');
  });

  it('without a body code, how the call failed decides: no connection, unknown path, unreadable answer, else the fallback', () => {
    expect(failureOf(apiError(0), 'visit.book.error').key).toBe('common.error.network');
    expect(failureOf(apiError(404), 'visit.book.error').key).toBe('common.error.notFound');
    expect(failureOf(apiError(200), 'common.error.phoneStep').key).toBe('common.error.generic');
    expect(failureOf(apiError(500), 'visit.cancel.error').key).toBe('visit.cancel.error');
    expect(failureOf(new TypeError('Failed to fetch'), 'visit.cancel.error').key).toBe('visit.cancel.error');
    expect(failureOf(undefined, 'common.error.generic')).toEqual({ key: 'common.error.generic' });
  });

  it('reads the path models\' flat samples ({status, code}) the same way', () => {
    expect(failureOf(Object.assign(new Error('x'), { status: 422, code: 4220 }), 'visit.book.error').key).toBe('visit.dateUnavailable');
  });

  it('the client shows the same text a machine looks up from the key', () => {
    const bodies = [{ code: 3000, message: 'x' }, { code: 4000, message: m['common.form.email.invalid'] }, { code: 9999, message: 'x' }, undefined];
    for (const body of bodies) expect(userMessageForError(body, 'visit.book.error')).toBe(m[messageKeyForError(body, 'visit.book.error')]);
  });
});

describe('the catalogue', () => {
  const domains = [commonMessages, authMessages, customerMessages, profileMessages, billMessages, proposalMessages, visitMessages, notificationMessages, planMessages, checkoutMessages, documentMessages, contractMessages, paymentMessages, projectMessages, faqMessages];

  it('is the union of its domain files, each key written once', () => {
    const keys = domains.flatMap((d) => Object.keys(d));
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(m).sort()).toEqual([...keys].sort());
  });

  it('turns a rule\'s text back into a key that reads the same', () => {
    for (const text of [m['code.PHONE_NUMBER_INVALID'], m['common.form.cnpj.invalid'], m['common.form.required'], m['visit.state.invalid']]) {
      const key = messageKeyOfText(text) as MessageKey;
      expect(m[key]).toBe(text);
      expect(ruleMessageKey(text)).toBe(key);
    }
    expect(messageKeyOfText('Invalid type: Expected string')).toBeNull();
    expect(ruleMessageKey('Invalid type: Expected string')).toBe('common.form.required');
  });

  it('t() looks a key up, and nothing up for no key', () => {
    expect(t('visit.next')).toBe('Escolha seu plano');
    expect(t(null)).toBeUndefined();
    expect(t(undefined)).toBeUndefined();
  });
});
