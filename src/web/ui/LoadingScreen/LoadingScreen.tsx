import { Logo } from '../Logo/Logo';
import { Spinner } from '../Spinner/Spinner';
import * as styles from './LoadingScreen.css';

export interface LoadingScreenProps {
  /** @default 'Carregando…' */
  message?: string;
  /** Fill a content area instead of the whole viewport (inside PrivateLayout). @default false */
  inline?: boolean;
}

/** Full-page (or content-area) loading state with the logo; announced politely. */
export function LoadingScreen({ message = 'Carregando…', inline = false }: LoadingScreenProps) {
  return (
    <div className={[styles.screen, inline ? styles.inline : undefined].filter(Boolean).join(' ')} role="status" aria-live="polite" aria-busy="true">
      {inline ? null : <Logo size="lg" />}
      <Spinner size="lg" />
      <p className={styles.text}>{message}</p>
    </div>
  );
}
