import { Button as RACButton } from 'react-aria-components/Button';
import { Button } from '../../ui/Button/Button';
import { Logo } from '../../ui/Logo/Logo';
import { SiteFooter } from '../../ui/SiteFooter/SiteFooter';
import { APP_STORE_URL, GOOGLE_PLAY_URL, SOCIAL_LINKS } from '#shared/brand';
import * as styles from './WelcomePage.css';

export interface WelcomePageProps {
  /** Pressing the logo goes home (the machine decides). */
  onHome?: () => void;
  /** 'Acessar o portal' goes to the login (a signed-in visitor is already sent to the bill); hidden when not given. */
  onLogin?: () => void;
}

const FEATURES = ['Geração de energia em tempo real', 'Economia acumulada mês a mês', 'Alertas e suporte em um toque'];

const SOCIAL_ICONS: Record<(typeof SOCIAL_LINKS)[number]['network'], string> = {
  instagram: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5v.01',
  facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8.5c0-.3.2-.5.5-.5z',
  linkedin: 'M4 9h4v11H4zM6 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM10 9h4v1.6c.6-1 1.9-1.9 3.6-1.9 3 0 3.4 2 3.4 4.6V20h-4v-5.6c0-1.3 0-2.8-1.8-2.8S13 13 13 14.3V20h-3z',
  youtube: 'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3z',
};

function SocialLinks() {
  return (
    <ul className={styles.socialList}>
      {SOCIAL_LINKS.map((s) => (
        <li key={s.network}>
          <a className={styles.socialLink} href={s.href} target="_blank" rel="noopener noreferrer" aria-label={`${s.label} (abre em nova aba)`}>
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
              <path d={SOCIAL_ICONS[s.network]} fill={s.network === 'instagram' ? 'none' : 'currentColor'} stroke={s.network === 'instagram' ? 'currentColor' : 'none'} strokeWidth="2" strokeLinecap="round" />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Decorative phone showing the monitoring app. */
function AppPreview() {
  return (
    <div className={styles.phone} aria-hidden="true">
      <div className={styles.screen}>
        <span className={styles.screenTitle}>Gerado hoje</span>
        <span className={styles.screenFigure}>18,4 kWh</span>
        <div className={styles.screenCard}>
          <span>Economia no mês</span>
          <span className={styles.screenCardValue}>R$ 142,30</span>
        </div>
        <div className={styles.screenCard}>
          <span>Últimos 7 dias</span>
          <div className={styles.bars}>
            {styles.barHeights.map((height, i) => (
              <span key={i} className={`${styles.bar} ${height}`} />
            ))}
          </div>
        </div>
        <div className={styles.screenCard}>
          <span>Status do sistema</span>
          <span className={styles.screenCardValue}>Conectado e gerando</span>
        </div>
        <div className={styles.screenCard}>
          <span>CO₂ evitado no ano</span>
          <span className={styles.screenCardValue}>1,2 tonelada</span>
        </div>
      </div>
    </div>
  );
}

/**
 * The welcome page (/pt/welcome, spec §2): promotes the monitoring app with store badges, social
 * links, and the footer with how it works, residential and about us.
 */
export function WelcomePage({ onHome, onLogin }: WelcomePageProps) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {onHome ? (
          <RACButton className={styles.homeButton} onPress={onHome} aria-label="Página inicial">
            <Logo className={styles.brand} />
          </RACButton>
        ) : (
          <Logo className={styles.brand} />
        )}
        {onLogin ? <Button variant="secondary" size="sm" className={styles.portalButton} onPress={onLogin}>Acessar o portal</Button> : null}
      </header>
      <main className={styles.main}>
        <div className={styles.text}>
          <span className={styles.eyebrow}>Boas-vindas</span>
          <h1 className={styles.title}>Acompanhe sua energia solar no app</h1>
          <p className={styles.lead}>
            Baixe o aplicativo de monitoramento e veja quanto seu sistema gera e quanto você economiza, direto no celular.
          </p>
          <ul className={styles.features}>
            {FEATURES.map((f) => (
              <li key={f} className={styles.feature}>
                <svg className={styles.featureIcon} width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
                  <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.15" />
                  <path d="M7 12.5 10.5 16 17 8.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                {f}
              </li>
            ))}
          </ul>
          <div className={styles.badges}>
            <a className={styles.badge} href={APP_STORE_URL} target="_blank" rel="noopener noreferrer">
              <img className={styles.badgeImage} src="/badges/app-store.svg" alt="Baixar na App Store" width="172" height="52" />
            </a>
            <a className={styles.badge} href={GOOGLE_PLAY_URL} target="_blank" rel="noopener noreferrer">
              <img className={styles.badgeImage} src="/badges/google-play.svg" alt="Disponível no Google Play" width="192" height="52" />
            </a>
          </div>
        </div>
        <AppPreview />
      </main>
      <SiteFooter extra={<SocialLinks />} extraTitle="Redes sociais" />
    </div>
  );
}

/** Default export for `lazy(() => import(...))`. */
export default WelcomePage;
