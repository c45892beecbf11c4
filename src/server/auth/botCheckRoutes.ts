import { Hono } from 'hono';
import * as v from 'valibot';
import { newChallenge } from './botCheck';
import type { AppDeps } from '../config';
import type { RouteDoc } from '../http/registry';

const Challenge = v.object({ algorithm: v.string(), challenge: v.string(), maxnumber: v.optional(v.number()), salt: v.string(), signature: v.string() });

export const altchaRoutes: RouteDoc[] = [{
  method: 'get',
  path: '/altcha/challenge',
  tag: 'auth',
  summary: "ALTCHA proof-of-work challenge for the bot check (the widget's challengeurl); its solution goes in Queue_sms's `recaptcha`.",
  responses: { 200: { description: 'a signed challenge, valid 10 minutes', schema: Challenge } },
}];

export function altchaApi(deps: AppDeps): Hono {
  return new Hono().get('/challenge', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await newChallenge(deps));
  });
}
