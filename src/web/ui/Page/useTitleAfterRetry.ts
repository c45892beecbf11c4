import { useEffect, useRef } from 'react';

/**
 * 'Tentar novamente' is replaced by a spinner and then the page: once the page `settled`, the
 * keyboard goes to its title (else it falls to the top of the document). Returns the title's ref
 * (for `Page`'s `titleRef`) and what the retry button calls before it sends its event.
 */
export function useTitleAfterRetry(settled: boolean) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const retried = useRef(false);
  useEffect(() => {
    if (settled && retried.current) {
      retried.current = false;
      titleRef.current?.focus();
    }
  }, [settled]);
  return { titleRef, retrying: () => { retried.current = true; } };
}
