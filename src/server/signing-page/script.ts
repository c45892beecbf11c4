/**
 * The signing page's one script, served from our origin at SCRIPT_PATH (no inline code under the
 * CSP). Plain browser JS, kept small: a fresh random secret per page binds the SMS code to this
 * page; the sign answer, when the page is embedded for an allowed origin, is posted to the parent
 * as 'signed' (the portal then re-checks the signature on the server: the message is only a hint).
 */
export const SCRIPT_PATH = '/sign/assets/sign.js';

export const SIGNING_SCRIPT = `(() => {
  'use strict';
  const main = document.getElementById('signing');
  if (!main) return;
  const key = main.dataset.key;
  const origin = main.dataset.origin;
  const texts = document.getElementById('texts').dataset;
  const form = document.getElementById('sign');
  const consent = document.getElementById('consent');
  const sendCode = document.getElementById('send-code');
  const codeStep = document.getElementById('code-step');
  const code = document.getElementById('code');
  const submit = document.getElementById('submit');
  const error = document.getElementById('error');
  const done = document.getElementById('done');
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  const secret = btoa(String.fromCharCode.apply(null, bytes)).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  const base = '/sign/' + encodeURIComponent(key);
  const tellParent = () => { if (origin && window.parent !== window) window.parent.postMessage('signed', origin); };
  if (main.dataset.signed === 'true') { tellParent(); return; }

  const post = async (path, body) => {
    const res = await fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), credentials: 'omit' });
    const data = await res.json().catch(() => ({}));
    if (!res.ok) throw Object.assign(new Error('refused'), { data: data });
    return data;
  };
  const show = (text) => { error.textContent = text || ''; };
  const failed = (e) => show((e && e.data && e.data.message) || texts.error);

  sendCode.addEventListener('click', async () => {
    if (!consent.checked) { show(texts.consent); consent.focus(); return; }
    sendCode.disabled = true;
    show('');
    try {
      await post('/code', { secret: secret });
      codeStep.hidden = false;
      code.focus();
      // the resend waits the 30 s the server enforces
      setTimeout(() => { sendCode.disabled = false; }, 30000);
    } catch (e) { sendCode.disabled = false; failed(e); }
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!consent.checked) { show(texts.consent); consent.focus(); return; }
    const value = code.value.replace(/\\D/g, '');
    if (value.length !== 6) { show(texts.code); code.focus(); return; }
    submit.disabled = true;
    show('');
    try {
      const answer = await post('', { secret: secret, code: value, consent: true });
      form.hidden = true;
      done.hidden = false;
      done.textContent = texts.done.replace('{at}', new Date(answer.signed_at).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }));
      done.setAttribute('tabindex', '-1');
      done.focus();
      tellParent();
    } catch (e) { submit.disabled = false; failed(e); code.select(); }
  });
})();
`;
