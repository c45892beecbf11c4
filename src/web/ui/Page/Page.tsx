import type { ReactNode, Ref } from 'react';
import * as styles from './Page.css';

export interface PageProps {
  /** The page's h1. */
  title: ReactNode;
  /** Focus target when the page's content is replaced (a retry that settled). */
  titleRef?: Ref<HTMLHeadingElement>;
  /** Gives the h1 this id and names the page's section by it. */
  titleId?: string;
  /** Under the title, in the page's muted type (also `PageLead` further down the page). */
  lead?: ReactNode;
  leadRef?: Ref<HTMLParagraphElement>;
  /** Next to the title, inside the page's head (a note on what the page shows). */
  note?: ReactNode;
  /** @default 'narrow' */
  width?: keyof typeof styles.width;
  /** Marks the page busy while it reloads after an action. */
  busy?: boolean;
  children?: ReactNode;
}

/**
 * A signed-in page's section: its h1, an optional lead, then the content, in the column every
 * page shares (padding, gaps, the title's size on tablets and up).
 */
export function Page({ title, titleRef, titleId, lead, leadRef, note, width = 'narrow', busy, children }: PageProps) {
  const heading = <h1 ref={titleRef} id={titleId} tabIndex={titleRef ? -1 : undefined} className={styles.title}>{title}</h1>;
  return (
    <section className={styles.width[width]} aria-labelledby={titleId} aria-busy={busy}>
      {note ? <div className={styles.head}>{heading}{note}</div> : heading}
      {lead !== undefined && lead !== null ? <PageLead ref={leadRef} tabIndex={leadRef ? -1 : undefined}>{lead}</PageLead> : null}
      {children}
    </section>
  );
}

/** A paragraph in the page's lead type, where the page says what it is for. */
export function PageLead({ children, ref, tabIndex }: { children: ReactNode; ref?: Ref<HTMLParagraphElement>; tabIndex?: number }) {
  return <p ref={ref} tabIndex={tabIndex} className={styles.lead}>{children}</p>;
}

/** The page's row of buttons. */
export function PageActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
