import { useCallback, useState } from 'react';
import { staffContractFile, staffContracts } from '#shared/contract/endpoints';
import { hasRole } from '#shared/staff/roles';
import * as css from '../backoffice.css';
import { when } from '../format';
import { openInNewTab, usePanel, Panel, type PanelProps } from './panel';

/**
 * The customer's contracts with their signature evidence (any role): the original's and the signed
 * file's SHA-256, when it was signed, from which address and browser, the phone's last digits the
 * code went to, and the consent text; and the PDF, the signed one once signed, to sales and admins (F14).
 */
export function ContractsPanel({ api, customerId, roles }: PanelProps) {
  const opensFiles = hasRole(roles, staffContractFile.roles);
  const p = usePanel(useCallback(async () => (await api.call(staffContracts, { params: { id: customerId } })).data.data, [api, customerId]));
  const [error, setError] = useState<string | null>(null);
  const open = async (contractId: string) => {
    setError(null);
    await openInNewTab(() => api.download(`/admin/customers/${customerId}/contracts/${contractId}/file`)).catch((e: Error) => setError(e.message));
  };
  const rows = p.data ?? [];
  return (
    <Panel id="contracts-title" title="Contratos" error={p.error ?? error} done={null}>
      {!p.loaded ? <p role="status">Carregando…</p> : rows.length === 0 ? <p className={css.muted}>Nenhum contrato gerado.</p> : (
        <ul className={css.plainList}>
          {rows.map((c) => (
            <li key={c.id}>
              <h3 className={css.subheading}>{c.name}</h3>
              <dl className={css.facts}>
                <dt>Gerado</dt><dd>{when(c.created_at)}</dd>
                <dt>Assinado</dt><dd>{c.signed_at ? when(c.signed_at) : 'ainda não'}</dd>
                <dt>SHA-256 do original</dt><dd className={css.evidence}>{c.original_sha256}</dd>
                {c.signed_sha256 ? <><dt>SHA-256 do assinado</dt><dd className={css.evidence}>{c.signed_sha256}</dd></> : null}
                {c.terms_of_use_accepted_at ? <><dt>Termos de uso aceitos</dt><dd>{when(c.terms_of_use_accepted_at)}</dd></> : null}
                {c.evidence ? (
                  <>
                    <dt>Endereço IP</dt><dd>{c.evidence.ip}</dd>
                    <dt>Navegador</dt><dd className={css.evidence}>{c.evidence.user_agent}</dd>
                    <dt>Código enviado ao celular</dt><dd>final {c.evidence.phone_last4}</dd>
                    <dt>Consentimento</dt><dd>{c.evidence.consent}</dd>
                  </>
                ) : null}
              </dl>
              {opensFiles ? <button type="button" className={css.rowButton} onClick={() => void open(c.id)}>{`Abrir PDF: ${c.name}${c.signed_at ? ' (assinado)' : ''}`}</button> : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
