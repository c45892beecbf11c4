/**
 * Passkeys in the back-office, in Chromium against the production build, with Chrome's virtual
 * authenticator (DevTools Protocol, a platform authenticator with user verification): a member
 * invited by `npm run staff -- invite` makes a passkey on the invitation page instead of the app and
 * lands on the work queues; signs out and signs in with e-mail + the passkey; a passkey from another
 * authenticator is refused (counted and audited), a prompt the person does not confirm says so, and
 * a browser without WebAuthn says to use the app. Passkeys need a domain, so the pages are opened on
 * localhost (not 127.0.0.1). Screens are shot at phone and desktop sizes and checked with axe-core
 * (test-results/screens, backoffice-passkey-*).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { callApi, launchBrowser, newPage, shotsFitting, startPortal, type RunningPortal, DESKTOP, staffCli } from './support';
import { messages as m } from '../../src/shared/messages';
import { PASSKEY_TEXTS } from '../../src/web/backoffice/passkey';

let portal: RunningPortal;
let browser: Browser;
let site = '';
let invitation = '';
let scriptToken = '';
const email = `renata.${process.pid}@empresa.com.br`;

before(async () => {
  portal = await startPortal({}, {
    beforeStart: async (dataDir) => {
      const cli = staffCli(dataDir);
      const invited = await cli('invite', '--name', 'Renata Alves', '--email', email, '--role', 'analyst');
      invitation = /invitation \(valid 7 days, shown once\): (\S+)/.exec(invited.stdout)?.[1] ?? '';
      assert.match(invitation, /\/staff\/convite#[A-Za-z0-9_-]{20,}$/, invited.stdout);
      const script = await cli('create-staff', '--name', 'Auditoria', '--email', `auditoria.pk.${process.pid}@empresa.com.br`, '--role', 'admin');
      scriptToken = /token \(shown once\): (\S+)/.exec(script.stdout)?.[1] ?? '';
    },
  });
  // a passkey belongs to a domain (its RP ID): an IP address has none
  site = portal.url.replace('127.0.0.1', 'localhost');
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A virtual platform authenticator (Touch ID / Windows Hello as Chrome stands them in) on the page. */
async function authenticator(cdp: CDPSession): Promise<string> {
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return authenticatorId;
}

const audit = async (action: string) => ((await callApi(portal, `/admin/audit?action=${action}`, { token: scriptToken })).body.data as { after: Record<string, unknown> }[]);

async function startPasskeySignIn(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Entrar no back-office' }).waitFor();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Entrar com chave de acesso (passkey)' }).click();
}

describe('passkeys in the back-office', () => {
  let page: Page;
  let cdp: CDPSession;
  let own = '';

  test('an invited member makes a passkey on the invitation page and lands on the work queues', async () => {
    ({ page } = await newPage(browser, DESKTOP));
    cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    own = await authenticator(cdp);
    await page.goto(invitation.replace(/^https?:\/\/[^/]+/, site));
    await page.getByRole('heading', { name: 'Seu acesso ao back-office' }).waitFor();
    await page.getByRole('heading', { name: 'Com uma chave de acesso (passkey)' }).waitFor();
    await shotsFitting(page, 'backoffice-passkey', 'invitation');
    await page.getByRole('button', { name: 'Usar uma chave de acesso (passkey)' }).click();
    await page.getByRole('heading', { name: 'Filas de trabalho', level: 1 }).waitFor();
    assert.equal(new URL(page.url()).hash, '', 'the invitation leaves the address bar');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId: own });
    assert.equal(credentials.length, 1);
    assert.equal(credentials[0]?.rpId, 'localhost');
    assert.equal(credentials[0]?.isResidentCredential, true);
    assert.deepEqual((await audit('staff:enrolled')).map((a) => a.after.factor), ['passkey']);
  });

  test('after signing out, e-mail and the passkey sign in', async () => {
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.getByRole('heading', { name: 'Entrar no back-office' }).waitFor();
    await page.getByRole('button', { name: 'Entrar com chave de acesso (passkey)' }).click();
    await page.getByText('Digite seu e-mail para entrar com a chave de acesso.').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('type')), 'email', 'the e-mail field takes the focus');
    await shotsFitting(page, 'backoffice-passkey', 'sign-in-email-first');
    await startPasskeySignIn(page);
    await page.getByRole('heading', { name: 'Filas de trabalho', level: 1 }).waitFor();
    assert.deepEqual((await audit('staff:signedIn')).map((a) => a.after.factor), ['passkey']);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId: own });
    assert.ok((credentials[0]?.signCount ?? 0) >= 1, 'the counter moved on');
  });

  test('on their own account, the member sees the passkey, adds one on a second device, and cannot remove the last way in', async () => {
    await page.getByRole('button', { name: 'Minha conta' }).click();
    await page.getByRole('heading', { name: 'Minha conta', level: 1 }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/staff/minha-conta');
    await page.getByText('Chave 1 (neste dispositivo)').waitFor();
    // a second device: the first one set aside, a new authenticator takes the prompt
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId: own, isUserVerified: false });
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: own });
    const second = await authenticator(cdp);
    await page.getByRole('button', { name: 'Adicionar chave de acesso' }).click();
    await page.getByText('Chave de acesso adicionada.', { exact: false }).waitFor();
    await page.getByText('Chave 2', { exact: false }).waitFor();
    await shotsFitting(page, 'backoffice-passkey', 'account');
    await page.getByRole('button', { name: /^Remover Chave 1/ }).click();
    await page.getByText('Chave de acesso removida.').waitFor();
    // the one left is the only way in (no app enrolled): the server keeps it and says why
    await page.getByRole('button', { name: /^Remover Chave 1/ }).click();
    await page.getByText(m['staff.passkey.lastFactor']).waitFor();
    own = second;
  });

  test('a prompt the person does not confirm says so, and nothing is counted', async () => {
    await page.getByRole('button', { name: 'Sair' }).click();
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId: own, isUserVerified: false });
    await startPasskeySignIn(page);
    await page.getByText(PASSKEY_TEXTS.cancelled).waitFor();
    assert.equal((await audit('staff:signInFailed')).length, 0);
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId: own, isUserVerified: true });
  });

  test('a passkey from another authenticator is refused, counted and audited', async () => {
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: own });
    const other = await authenticator(cdp);
    // a passkey for this site that the server never saw (another device, another account)
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await cdp.send('WebAuthn.addCredential', {
      authenticatorId: other,
      credential: {
        credentialId: randomBytes(16).toString('base64'), isResidentCredential: true, rpId: 'localhost', signCount: 0,
        privateKey: privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'), userHandle: randomBytes(32).toString('base64'),
      },
    });
    await page.reload();
    await startPasskeySignIn(page);
    await page.getByText(m['staff.passkey.failed']).waitFor();
    await page.getByRole('heading', { name: 'Entrar no back-office' }).waitFor();
    await shotsFitting(page, 'backoffice-passkey', 'sign-in-refused');
    assert.equal((await audit('staff:signInFailed')).length, 1);
  });

  test('a browser without WebAuthn is told to use the app', async () => {
    const { page: bare, context } = await newPage(browser, DESKTOP);
    await context.addInitScript(() => { Reflect.deleteProperty(window, 'PublicKeyCredential'); });
    await bare.goto(`${site}/staff`);
    await startPasskeySignIn(bare);
    await bare.getByText(PASSKEY_TEXTS.unsupported).waitFor();
    await shotsFitting(bare, 'backoffice-passkey', 'sign-in-unsupported');
    await context.close();
  });
});
