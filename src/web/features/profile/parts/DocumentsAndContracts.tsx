import type { ProfileData } from '#machines/profile/profileMachine';
import { DOCUMENT_STATUS_LABEL } from '#shared/document/rules';
import { messages as m } from '#shared/messages';
import { Button } from '../../../ui/Button/Button';
import * as s from '../ProfilePage.css';

/**
 * spec §2 "status of documents and contract": each document sent with its status (spec §3: 'Em
 * análise', 'Negado', 'Aprovado'), and each contract signed or waiting; a subscriber goes to the
 * contracts page to sign (a buyer signs in the step block).
 */
export function DocumentsAndContracts({ data, onContracts }: { data: ProfileData; onContracts: () => void }) {
  const subscriber = data.customer.subscription_lending === 'SUBSCRIPTION';
  // the profile's own list when the contracts' frames were not read (none generated)
  const contracts = data.contracts.length > 0 ? data.contracts : data.customer.contracts;
  return (
    <section className={s.panel} aria-labelledby="profile-documents">
      <h2 id="profile-documents" className={s.panelTitle}>{m['profile.documents.title']}</h2>
      <h3 className={s.subTitle}>{m['profile.documents.heading']}</h3>
      {data.documents.length === 0 ? <p className={s.muted}>{m['profile.documents.none']}</p> : (
        <ul className={s.list} aria-label={m['profile.documents.heading']}>
          {data.documents.map((d) => (
            <li key={d.id} className={s.item}>
              <span>{d.name}</span>
              <span className={s.status[d.status]}>{DOCUMENT_STATUS_LABEL[d.status]}</span>
            </li>
          ))}
        </ul>
      )}
      <h3 className={s.subTitle}>{m['profile.contracts.heading']}</h3>
      {contracts.length === 0 ? <p className={s.muted}>{m['profile.contracts.none']}</p> : (
        <ul className={s.list} aria-label={m['profile.contracts.heading']}>
          {contracts.map((c) => (
            <li key={c.id} className={s.item}>
              <span>{c.name}</span>
              <span className={c.is_client_signed ? s.status.APPROVED : s.status.PENDING}>{c.is_client_signed ? m['profile.contracts.signed'] : m['profile.contracts.pending']}</span>
            </li>
          ))}
        </ul>
      )}
      {subscriber && contracts.length > 0 ? <div className={s.actions}><Button variant="secondary" onPress={onContracts}>{m['profile.contracts.go']}</Button></div> : null}
    </section>
  );
}
