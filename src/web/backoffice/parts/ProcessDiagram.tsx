import { useEffect, useRef, useState } from 'react';
import * as css from './ProcessDiagram.css';

/**
 * The customer's process drawn live: the process machine's diagram (docs/statecharts/process.svg,
 * written by `npm run diagrams` from the machine itself, loaded with this screen only) with the
 * states the customer is in highlighted and the states they passed through marked. The picture is
 * for the eye; the states are also said in words beside it (the caller's list of moves).
 */
export function ProcessDiagram({ current, visited, label }: { current: readonly string[]; visited: readonly string[]; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    import('../../../../docs/statecharts/process.svg?raw').then((m) => setSvg(m.default), () => setFailed(true));
  }, []);
  useEffect(() => {
    const root = box.current;
    if (!root || !svg) return;
    let first: Element | null = null;
    for (const node of root.querySelectorAll('g.node')) {
      const id = node.querySelector('title')?.textContent ?? '';
      node.classList.toggle(css.current, current.includes(id));
      node.classList.toggle(css.visited, !current.includes(id) && visited.includes(id));
      // what a test or a screen reader's inspection finds: the states marked, not their colours
      node.setAttribute('data-state', current.includes(id) ? 'current' : visited.includes(id) ? 'visited' : 'other');
      if (!first && current.includes(id)) first = node;
    }
    // the current state in the middle of the box, scrolling the box only: scrollIntoView would
    // also scroll the page under the reader (and under a click on the panels below)
    if (first) {
      const at = first.getBoundingClientRect();
      const box = root.getBoundingClientRect();
      root.scrollTo({ top: root.scrollTop + at.top - box.top - (root.clientHeight - at.height) / 2, left: root.scrollLeft + at.left - box.left - (root.clientWidth - at.width) / 2 });
    }
  }, [svg, current, visited]);
  if (failed) return <p>O diagrama não pôde ser carregado.</p>;
  // our own build-time file (the machine's diagram), not user content
  // focusable: the picture scrolls, by keyboard too
  return <div ref={box} className={css.box} role="img" aria-label={label} tabIndex={0} dangerouslySetInnerHTML={svg ? { __html: svg.replace(/<!--[\s\S]*?-->/g, '') } : undefined} />;
}
