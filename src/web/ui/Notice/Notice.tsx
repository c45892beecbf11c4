import type { ReactNode, Ref } from 'react';
import * as styles from './Notice.css';

export type NoticeTone = keyof typeof styles.tone;

export interface NoticeProps {
  children?: ReactNode;
  /**
   * info: something to know; success: done; warning: waiting or to keep in mind; error: it failed.
   * @default 'info'
   */
  tone?: NoticeTone;
  /** A short title above the text, as a heading of the given level when `headingLevel` is set. */
  title?: ReactNode;
  /** Render the title as h2/h3 (it then names a section of the page). @default none: a paragraph */
  headingLevel?: 2 | 3;
  /** Focus target (a heading the page moves the keyboard to); makes the title focusable. */
  titleRef?: Ref<HTMLHeadingElement>;
  /**
   * How it is announced when it appears or changes: an alert interrupts, a status waits its turn;
   * null for what is there from the start and never changes (a reminder).
   * @default 'alert' for the error tone, 'status' for the others
   */
  role?: 'alert' | 'status' | null;
  /** @default 'sm' */
  size?: 'sm' | 'md';
  /** @default true */
  icon?: boolean;
  /** For a notice that takes the focus (a confirmation after the page it replaced). */
  ref?: Ref<HTMLDivElement>;
  tabIndex?: number;
  id?: string;
}

function ToneIcon({ tone }: { tone: NoticeTone }) {
  return (
    <svg className={`${styles.icon} ${styles.iconTone[tone]}`} width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="12" cy="12" r="10" />
      {tone === 'success' ? <path d="M7.5 12.5l3 3 6-6.5" />
        : tone === 'error' ? <path d="M12 7v6M12 16.5v.5" />
          : tone === 'warning' ? <path d="M12 7v5l3 2" />
            : <path d="M12 11v6M12 7.5v.5" />}
    </svg>
  );
}

/**
 * A message set apart from the page (after braid's Alert): one `tone` decides the colours, the
 * icon and the role, so screens never write their own tone styles. The text is the screen's (a
 * catalogue text); the icon is decoration.
 */
export function Notice({ children, tone = 'info', title, headingLevel, titleRef, role = tone === 'error' ? 'alert' : 'status', size = 'sm', icon = true, ref, tabIndex, id }: NoticeProps) {
  const Title = headingLevel ? (`h${headingLevel}` as const) : 'p';
  return (
    <div ref={ref} id={id} tabIndex={tabIndex} role={role ?? undefined} className={`${styles.notice} ${styles.tone[tone]} ${styles.size[size]}`}>
      {icon ? <ToneIcon tone={tone} /> : null}
      <div className={styles.content}>
        {title ? <Title ref={titleRef as Ref<never>} tabIndex={titleRef ? -1 : undefined} className={styles.title}>{title}</Title> : null}
        {children}
      </div>
    </div>
  );
}
