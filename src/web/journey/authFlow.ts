import { fromPromise } from 'xstate';
import { authMachine, type CodeRequest, type CodeRequestOutput } from '#machines/auth/authMachine';
import type { SignUpRequest } from '#shared/auth/payloads';
import type { Api } from '../api/client';

/** The auth machine with its API calls (spec §7), in its own chunk: loaded when login or sign-up opens. */
export function providedAuthFlow(getApi: () => Promise<Api>) {
  return authMachine.provide({
    actors: {
      requestCode: fromPromise<CodeRequestOutput, CodeRequest>(async ({ input }) => (await getApi()).requestCode(input)),
      checkCode: fromPromise(async ({ input }: { input: { flow: 'SIGN_IN' | 'SIGN_UP'; phone: string; code: string } }) => {
        const api = await getApi();
        return input.flow === 'SIGN_IN' ? api.login(input.phone, input.code) : api.confirmNumber(input.phone, input.code);
      }),
      sendCodeByEmail: fromPromise(async ({ input }: { input: { phone: string } }) => (await getApi()).resendCodeByEmail(input.phone)),
      createAccount: fromPromise(async ({ input }: { input: SignUpRequest }) => (await getApi()).signUp(input)),
    },
  });
}
