import type { ReactNode } from 'react';
import * as css from '../backoffice.css';

/** A table that scrolls sideways on a narrow screen; focusable, so the keyboard scrolls it too. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return <div className={css.tableScroll} tabIndex={0} role="group" aria-label={label}>{children}</div>;
}
