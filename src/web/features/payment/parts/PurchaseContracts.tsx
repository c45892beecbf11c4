import type { ContractItem } from '#shared/contract/payloads';
import { canSign } from '#shared/contract/rules';
import { messages as m, type MessageKey } from '#shared/messages';
import { Button } from '../../../ui/Button/Button';
import * as s from '../PaymentPage.css';

/** spec §3 signature entry: 'Contrato de compra' or 'Procuração' */
export const PURCHASE_CONTRACT_NAME: Partial<Record<ContractItem['type'], MessageKey>> = {
  PURCHASE_CONTRACT: 'payment.contract.purchase', POWER_OF_ATTORNEY: 'payment.contract.procuration',
};
export const contractLabel = (c: ContractItem): string => {
  const key = PURCHASE_CONTRACT_NAME[c.type];
  return key ? m[key] : c.name;
};

/**
 * The purchase's two contracts (spec §4 "Signing"): the purchase contract first, then the power of
 * attorney; 'Assinado' once signed, with the signed PDF; 'Assinar' opens the signing frame.
 */
export function PurchaseContracts({ contracts, canOpen, onOpen }: {
  contracts: readonly ContractItem[];
  /** the machine takes 'contract.open' now (not while the frame or a check is under way) */
  canOpen: boolean;
  onOpen: (contractId: string) => void;
}) {
  return (
    <ul className={s.contracts} aria-label={m['payment.contracts.title']}>
      {contracts.map((contract) => {
        const signable = canSign(contracts, contract.type);
        const label = contractLabel(contract);
        return (
          <li key={contract.id} className={s.contract}>
            <div className={s.contractHead}>
              <h3 className={s.contractName}>{label}</h3>
              <span className={contract.is_client_signed ? s.pillOf.signed : signable ? s.pillOf.pending : s.pillOf.locked}>
                {contract.is_client_signed ? m['payment.contract.signed'] : signable ? m['contract.pending'] : m['payment.contract.locked']}
              </span>
            </div>
            <div className={s.actions}>
              {contract.is_client_signed ? (contract.url.startsWith('/') ? (
                <a href={`/sign/${encodeURIComponent(contract.key)}/document.pdf`} target="_blank" rel="noopener noreferrer">
                  {`${m['payment.contract.download']}: ${label}`}
                </a>
              ) : null) : (
                <Button variant="primary" isDisabled={!signable || !canOpen} onPress={() => onOpen(contract.id)} aria-label={`${m['payment.contract.sign']}: ${label}`}>
                  {m['payment.contract.sign']}
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
