import * as styles from './Spinner.css';

export interface SpinnerProps {
  /** @default 'md' */
  size?: 'sm' | 'md' | 'lg';
  /**
   * Text announced to screen readers. Leave it out when the spinner sits inside something that
   * already announces busy state (a pending Button).
   */
  label?: string;
  className?: string;
}

/** A spinning ring in the current text colour. Decorative unless `label` is given. */
export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const cls = [styles.spinner, styles.size[size], className].filter(Boolean).join(' ');
  if (label) return <span role="status" aria-label={label} className={cls} />;
  return <span aria-hidden="true" className={cls} />;
}
