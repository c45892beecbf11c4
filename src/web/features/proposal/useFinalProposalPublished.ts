import { useEffect, useState } from 'react';
import { finalProposalMayExist } from '#shared/menu';
import type { CustomerProfile } from '#shared/customer/payloads';
import type { Api } from '../../api/client';

/**
 * Whether staff published the customer's FINAL proposal (the side navigation then shows its item).
 * Asked only once the visit is accomplished and approved (before, there is none), and again when
 * the profile reloads or `recheck` changes (a notification arrived); a failed call keeps the answer.
 */
export function useFinalProposalPublished(getApi: () => Promise<Api>, customer: CustomerProfile | null, recheck: unknown = null): boolean {
  const [published, setPublished] = useState(false);
  const mayExist = finalProposalMayExist(customer?.steps);
  const id = customer?.id ?? null;
  useEffect(() => {
    if (!mayExist || id === null || published) return;
    let live = true;
    void (async () => {
      try {
        const list = await (await getApi()).getProposals(id);
        if (live) setPublished(list.some((p) => p.type === 'FINAL'));
      } catch {
        // the menu goes on without the item; the next reload asks again
      }
    })();
    return () => { live = false; };
  }, [getApi, mayExist, id, customer, recheck, published]);
  return mayExist && published;
}
