import type { ReactNode } from 'react';
import { Button as RACButton } from 'react-aria-components/Button';
import { BRAND_NAME, Logo } from '../Logo/Logo';
import * as styles from './AuthLayout.css';

export interface AuthLayoutProps {
  /** The form column: title, fields, buttons. */
  children: ReactNode;
  /** Brand panel headline. @default 'Energia solar por assinatura, sem investimento.' */
  panelTitle?: ReactNode;
  /** Brand panel text under the headline. */
  panelText?: ReactNode;
  /** Something to do from the panel, e.g. the sign-up screen's 'Acesso' button. */
  panelAction?: ReactNode;
  /** Background variant of the brand panel. @default 'personal' */
  variant?: 'personal' | 'business';
  /** Pressing the logo goes home (the machine decides). Without it the logo is not interactive. */
  onHome?: () => void;
}

const HIGHLIGHTS = ['Economia de até 30% na conta de luz', 'Zero investimento inicial', '100% digital, do cadastro à instalação'];

function Check() {
  return (
    <svg className={styles.highlightIcon} width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.2" />
      <path d="M7 12.5 10.5 16 17 8.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The login / sign-up / code screens' frame: a brand panel with a short promise and the form
 * column. Two columns on wide screens; at 768 px or narrower one column, form first (spec §2).
 */
export function AuthLayout({
  children,
  panelTitle = 'Energia solar por assinatura, sem investimento.',
  panelText = 'Assine, receba a visita técnica gratuita e acompanhe tudo pelo portal. Sem obras no seu bolso.',
  panelAction,
  variant = 'personal',
  onHome,
}: AuthLayoutProps) {
  const logo = (tone: 'white' | 'color') =>
    onHome ? (
      // the visible word mark starts the name (WCAG 2.5.3 label in name: voice users say what they see)
      <RACButton className={styles.homeButton} onPress={onHome} aria-label={`${BRAND_NAME}, página inicial`}>
        <Logo tone={tone} />
      </RACButton>
    ) : (
      <Logo tone={tone} />
    );
  // The form comes first in the document (keyboard and screen-reader order); the grid draws the
  // brand panel on its left on wide screens and below it on phones, where it also comes last.
  return (
    <div className={styles.root}>
      <main className={styles.formColumn}>
        <div className={styles.formInner}>
          <div className={styles.mobileLogo}>{logo('color')}</div>
          {children}
        </div>
      </main>
      <aside className={styles.panel[variant]} aria-label="Sobre o serviço">
        <div className={styles.panelTop}>
          <div className={styles.panelLogo}>{logo('white')}</div>
          <h2 className={styles.promiseTitle}>{panelTitle}</h2>
          <p className={styles.promiseText}>{panelText}</p>
          <ul className={styles.highlights}>
            {HIGHLIGHTS.map((text) => (
              <li key={text} className={styles.highlight}>
                <Check />
                {text}
              </li>
            ))}
          </ul>
        </div>
        {panelAction ? <div className={styles.panelAction}>{panelAction}</div> : null}
      </aside>
    </div>
  );
}
