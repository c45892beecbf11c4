import { useCallback, useEffect, useState } from 'react';
import type { StaffMember, StaffPasskey } from '#shared/staff/payloads';
import { STAFF_ROLE_LABELS } from '#shared/staff/roles';
import { Button } from '../../ui/Button/Button';
import { Notice } from '../../ui/Notice/Notice';
import type { StaffApi } from '../api';
import * as css from '../backoffice.css';
import { when } from '../format';
import { makePasskey } from '../passkey';

const HOW: Record<string, string> = { internal: 'neste dispositivo', hybrid: 'no celular', usb: 'chave USB', nfc: 'NFC', ble: 'Bluetooth' };

/**
 * The member's own account: who they are and their roles, and their passkeys (the second factor
 * beside the authenticator app): add one on this device or a phone, remove one. The server refuses
 * to remove the last way in, and says so.
 */
export function AccountScreen({ api, member }: { api: StaffApi; member: StaffMember }) {
  const [keys, setKeys] = useState<StaffPasskey[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState<'add' | number | null>(null);
  const load = useCallback(() => { api.passkeys().then(setKeys, (e: Error) => setError(e.message)); }, [api]);
  useEffect(load, [load]);

  const run = async (what: 'add' | number, action: () => Promise<unknown>, said: string) => {
    setPending(what);
    setError(null);
    setDone(null);
    try {
      await action();
      setDone(said);
      load();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(null);
    }
  };
  const add = () => void run('add', async () => api.addPasskey(await makePasskey(await api.passkeyOptions())), 'Chave de acesso adicionada. Use-a na próxima vez que entrar.');
  const remove = (id: number) => void run(id, () => api.removePasskey(id), 'Chave de acesso removida.');

  return (
    <main className={css.main}>
      <h1 className={css.heading}>Minha conta</h1>
      <section className={css.card} aria-labelledby="me-title">
        <h2 id="me-title" className={css.subheading}>{member.name}</h2>
        <dl className={css.facts}>
          <dt>E-mail</dt><dd>{member.email}</dd>
          <dt>Perfis</dt><dd>{member.roles.map((r) => STAFF_ROLE_LABELS[r]).join('; ')}</dd>
        </dl>
      </section>
      <section className={css.card} aria-labelledby="keys-title">
        <h2 id="keys-title" className={css.subheading}>Chaves de acesso (passkeys)</h2>
        <p className={css.muted}>Entre com a digital, o rosto ou o PIN deste dispositivo ou do celular, no lugar do código do aplicativo.</p>
        {error ? <Notice tone="error">{error}</Notice> : null}
        {done ? <p role="status" className={css.muted}>{done}</p> : null}
        {keys === null && !error ? <p role="status">Carregando…</p> : null}
        {keys?.length === 0 ? <p className={css.muted}>Nenhuma chave de acesso cadastrada.</p> : null}
        {keys && keys.length > 0 ? (
          <ul className={css.plainList}>
            {keys.map((k, i) => {
              const name = `Chave ${i + 1} (${k.transports.map((t) => HOW[t] ?? t).join(', ') || 'dispositivo'})`;
              return (
                <li key={k.id} className={css.actions}>
                  <span><strong>{name}</strong> · criada em {when(k.created_at)} · {k.last_used_at ? `usada em ${when(k.last_used_at)}` : 'ainda não usada'}</span>
                  <Button size="sm" variant="secondary" onPress={() => remove(k.id)} isPending={pending === k.id} aria-label={`Remover ${name}`}>Remover</Button>
                </li>
              );
            })}
          </ul>
        ) : null}
        <div className={css.actions}><Button onPress={add} isPending={pending === 'add'}>Adicionar chave de acesso</Button></div>
      </section>
    </main>
  );
}
