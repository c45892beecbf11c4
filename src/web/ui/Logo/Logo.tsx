import { BRAND_NAME } from '#shared/brand';
import * as styles from './Logo.css';

export { BRAND_NAME };

export interface LogoProps {
  /** colour on light backgrounds, white on the green brand panel. @default 'color' */
  tone?: 'color' | 'white';
  /** @default 'md' */
  size?: 'sm' | 'md' | 'lg';
  /** Show only the sun mark (narrow headers). @default false */
  markOnly?: boolean;
  className?: string;
}

/** The sun mark: an amber sun rising over a green roof line. Sized in em, so it follows the font size. */
export function SunMark({ title }: { title?: string }) {
  return (
    <svg width="1.6em" height="1.6em" viewBox="0 0 48 48" role={title ? 'img' : undefined} aria-hidden={title ? undefined : true} aria-label={title}>
      <circle cx="24" cy="22" r="9" fill="#f5a524" />
      <g stroke="#f5a524" strokeWidth="3" strokeLinecap="round">
        <path d="M24 4v5M24 35v0M9.5 9.5l3.5 3.5M38.5 9.5 35 13M4 22h5M39 22h5" />
      </g>
      <path d="M4 40 24 27l20 13" fill="none" stroke="currentColor" strokeWidth="4" strokeLinejoin="round" strokeLinecap="round" />
      <path d="M12 44h24" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** The company logo (inline SVG mark + word mark), with an accessible name. */
export function Logo({ tone = 'color', size = 'md', markOnly = false, className }: LogoProps) {
  const cls = [styles.logo, styles.tone[tone], styles.size[size], className].filter(Boolean).join(' ');
  if (markOnly) {
    return (
      <span className={cls}>
        <SunMark title={BRAND_NAME} />
      </span>
    );
  }
  return (
    <span className={cls} role="img" aria-label={BRAND_NAME}>
      <SunMark />
      <span className={styles.word} aria-hidden="true">
        {BRAND_NAME}
      </span>
    </span>
  );
}
