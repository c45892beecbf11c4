import { useEffect, useRef } from 'react';
import type { ContractItem } from '#shared/contract/payloads';
import { FRAME_SIGNED_MESSAGE } from '#shared/contract/rules';
import { messages as m } from '#shared/messages';
import * as s from './SigningFrame.css';

/**
 * The embedded signing frame (spec §2 "Other UI": 580 px high), shared by the contracts page and the
 * payment screen: its 'signed' message counts only from the frame's origin and window.
 */
export function SigningFrame({ contract, origin, onSigned }: { contract: ContractItem; origin: string; onSigned: () => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const signed = useRef(onSigned);
  useEffect(() => { signed.current = onSigned; });
  useEffect(() => {
    const listen = (e: MessageEvent) => {
      if (e.origin === origin && e.source === frame.current?.contentWindow && e.data === FRAME_SIGNED_MESSAGE) signed.current();
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [origin]);
  return <iframe ref={frame} className={s.frame} src={contract.url} title={`${m['contract.frame.title']}: ${contract.name}`} />;
}
