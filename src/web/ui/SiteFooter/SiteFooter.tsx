import type { ReactNode } from 'react';
import { Logo } from '../Logo/Logo';
import { BRAND_NAME, PRIVACY_POLICY_URL, SITE_LINKS } from '#shared/brand';
import * as styles from './SiteFooter.css';

export interface SiteFooterProps {
  /** A last column (the welcome page puts its social links here). */
  extra?: ReactNode;
  /** Heading of the `extra` column. */
  extraTitle?: string;
}

/**
 * The public pages' footer: the provider's site pages (how it works, residential, about us) and
 * the policy documents. Plain anchors: it ships on the landing page, which must stay light.
 */
export function SiteFooter({ extra, extraTitle }: SiteFooterProps) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <Logo tone="white" />
          <p>Energia solar por assinatura para casas e empresas, sem investimento e com acompanhamento 100% digital.</p>
        </div>
        <nav aria-label="Institucional" className={styles.column}>
          <h2 className={styles.heading}>{BRAND_NAME}</h2>
          <ul className={styles.list}>
            {SITE_LINKS.map((link) => (
              <li key={link.href}>
                <a className={styles.link} href={link.href}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.column}>
          <h2 className={styles.heading}>Documentos</h2>
          <ul className={styles.list}>
            <li>
              <a className={styles.link} href={PRIVACY_POLICY_URL} target="_blank" rel="noopener noreferrer">
                Política de privacidade (PDF)
              </a>
            </li>
          </ul>
        </div>
        {extra ? (
          <div className={`${styles.column} ${styles.extra}`}>
            {extraTitle ? <h2 className={styles.heading}>{extraTitle}</h2> : null}
            {extra}
          </div>
        ) : null}
      </div>
      <p className={styles.bottom}>
        © {BRAND_NAME}. Seus dados são tratados conforme a Lei Geral de Proteção de Dados (LGPD).
      </p>
    </footer>
  );
}
