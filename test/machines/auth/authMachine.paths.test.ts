import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { authMachine, type AuthFlow, type RegistrationForm } from '../../../machines/auth/authMachine';

/**
 * Model-based: every state the auth machine can reach from the events a person (phone, code,
 * resend, registration) and the API (done / error of each call) can send, by shortest paths;
 * each path is replayed on a real actor and must end where the graph says.
 */
const form: RegistrationForm = {
  kind: 'personal', name: 'Maria Silva', email: 'maria@example.com', state: 'SP', city: 3550308,
  unit_type: 'RESIDENCIAL', bill: 300, coupon: '', terms: true,
};
const events = [
  { type: 'phone.submit', countryCode: '55', cellPhone: '11987654321', recaptcha: 'ok' },
  { type: 'phone.submit', countryCode: '55', cellPhone: '1198', recaptcha: 'ok' },
  { type: 'phone.submit', countryCode: '55', cellPhone: '11987654321', recaptcha: '' },
  { type: 'xstate.done.actor.requestCode', output: { retryAfterS: 30 } },
  { type: 'xstate.error.actor.requestCode', error: new Error('refused') },
  { type: 'code.submit', code: '123456' },
  { type: 'code.submit', code: '12' },
  { type: 'xstate.done.actor.checkCode', output: { token: 'tok' } },
  { type: 'xstate.done.actor.checkCode', output: { phoneProof: 'proof' } },
  { type: 'xstate.error.actor.checkCode', error: new Error('Código de acesso inválido') },
  { type: 'code.resend' },
  { type: 'code.resendWhatsapp' },
  { type: 'code.resendEmail' },
  { type: 'xstate.done.actor.resendSms', output: { retryAfterS: 30 } },
  { type: 'xstate.done.actor.resendWhatsapp', output: { retryAfterS: 30 } },
  { type: 'xstate.done.actor.sendCodeByEmail', output: undefined },
  { type: 'xstate.error.actor.resendSms', error: new Error('x') },
  { type: 'xstate.after.oneSecond.auth.codeEntry.resendCooldown.counting' },
  { type: 'registration.start' },
  { type: 'account.submit', form },
  { type: 'account.submit', form: { ...form, name: 'Jo' } },
  { type: 'xstate.done.actor.createAccount', output: { token: 'new' } },
  { type: 'xstate.error.actor.createAccount', error: new Error('Esse email já está associado a outra conta.') },
] as never[];

// the countdown value matters (0 opens the SMS resend), the messages do not
const serializeState = (s: { value: unknown; context: { resendSecondsLeft: number }; status: string }) =>
  `${JSON.stringify(s.value)}|${s.context.resendSecondsLeft}|${s.status}`;

const pending = fromPromise(() => new Promise<never>(() => {}));
const idleMachine = authMachine.provide({
  actors: { requestCode: pending, checkCode: pending, sendCodeByEmail: pending, createAccount: pending } as never,
});

const leafNames = (value: unknown, prefix = ''): string[] =>
  typeof value === 'string'
    ? [prefix + value]
    : Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leafNames(v, `${prefix}${k}.`));

describe.each<AuthFlow>(['SIGN_IN', 'SIGN_UP'])('authMachine paths (%s)', (flow) => {
  const paths = getShortestPaths(idleMachine, {
    input: { flow },
    events,
    serializeState: serializeState as never,
    // an API answer only arrives while its call is running (an unexpected error event would fail the actor)
    filterEvents: (snapshot, event) => !event.type.startsWith('xstate.') || snapshot.can(event),
  });

  it('reaches every screen state and both outcomes', () => {
    expect(paths.length).toBeGreaterThan(60);
    const reached = new Set(paths.flatMap((p) => leafNames(p.state.value)));
    const expected = [
      'phoneEntry', 'sendingCode', 'codeEntry.resendCooldown.counting', 'codeEntry.resendCooldown.over',
      'codeEntry.code.idle', 'codeEntry.code.verifying', 'codeEntry.code.resendingSms', 'codeEntry.code.resendingWhatsapp',
      'codeEntry.code.resendingEmail', 'registration', 'creatingAccount', 'signedIn', 'registered',
      ...(flow === 'SIGN_IN' ? ['notRegistered'] : []),
    ];
    for (const name of expected) expect(reached, name).toContain(name);
  });

  it('every path replays on a real actor to the state the graph predicts', () => {
    for (const path of paths) {
      const actor = createActor(idleMachine, { input: { flow } });
      actor.start();
      for (const step of path.steps.slice(1)) actor.send(step.event);
      expect(actor.getSnapshot().value, path.steps.map((s) => s.event.type).join(' > ')).toEqual(path.state.value);
      actor.stop();
    }
  });
});
