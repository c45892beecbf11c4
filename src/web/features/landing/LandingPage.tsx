import type { MouseEvent } from 'react';
import { PATHS, urlOfPath } from '#shared/routes';
import { LightButton } from '../../ui/Button/LightButton';
import { Logo } from '../../ui/Logo/Logo';
import { SiteFooter } from '../../ui/SiteFooter/SiteFooter';
import { HeroArt } from './parts/HeroArt';
import { Carousel } from './parts/Carousel';
import { BENEFITS_AUTOPLAY_MS, BENEFITS_CAROUSEL_BELOW_PX, INFO_CAROUSEL_BELOW_PX } from './parts/carouselWidths';
import * as styles from './LandingPage.css';

export interface LandingPageProps {
  /**
   * 'Para a minha casa' was pressed. The journey machine goes to /pt/sign-up as an individual
   * (and has already kept the `bill` query parameter); the screen decides nothing.
   */
  onStart: () => void;
  /** 'Já sou cliente' in the header; hidden when not given. */
  onLogin?: () => void;
}

const BENEFITS = [
  { figure: 'R$ 0', title: 'Zero investimento', text: 'Você não compra equipamentos: nós instalamos o sistema solar e você paga uma assinatura mensal.' },
  { figure: 'até 30%', title: 'De economia na conta de luz', text: 'A energia gerada no seu telhado abate a conta da distribuidora todos os meses.' },
  { figure: '100%', title: 'Digital', text: 'Cadastro, envio da conta, proposta, agendamento da visita e assinatura, tudo pelo portal.' },
];

const STEPS = [
  { title: 'Cadastre-se', text: 'Informe seu celular e confirme com o código que enviamos por SMS.' },
  { title: 'Envie sua conta de luz', text: 'Nosso assistente virtual analisa a conta e calcula sua economia.' },
  { title: 'Visita técnica gratuita', text: 'Agende uma visita sem custo para confirmar o projeto no seu imóvel.' },
  { title: 'Assine e acompanhe', text: 'Escolha o plano, assine digitalmente e acompanhe a instalação.' },
];

/** A plain click on an in-app link goes through the machine; modified clicks (new tab) stay native. */
const followInApp = (go: () => void) => (event: MouseEvent<HTMLAnchorElement>) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  go();
};

/**
 * The public home (/pt, spec §2 "Landing page"): subscription solar energy, zero investment, 100%
 * digital, savings up to 30%, one button 'Para a minha casa', footer links. The info cards ('Como
 * funciona') are a carousel below 1100 px and the benefits one below 750 px that turns every 5 s
 * (spec §2 "Other UI"). Kept light on purpose: no react-aria here (LightButton, plain anchors, a
 * carousel of its own), so the first visit downloads the least JS.
 */
export function LandingPage({ onStart, onLogin }: LandingPageProps) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Logo />
        {onLogin ? (
          <a className={styles.loginLink} href={urlOfPath(PATHS.login)} onClick={followInApp(onLogin)}>
            Já sou cliente
          </a>
        ) : null}
      </header>
      <main>
        <section className={styles.hero} aria-labelledby="landing-title">
          <div className={styles.heroText}>
            <span className={styles.eyebrow}>☀ Energia solar por assinatura</span>
            <h1 id="landing-title" className={styles.title}>
              Energia solar na sua casa, <span className={styles.titleAccent}>sem investimento</span>.
            </h1>
            <p className={styles.lead}>
              Economize até 30% na conta de luz com um processo 100% digital: do cadastro à instalação, sem sair de casa.
            </p>
            <div className={styles.ctaRow}>
              <LightButton size="lg" onPress={onStart}>
                Para a minha casa
              </LightButton>
              <span className={styles.ctaNote}>Cadastro rápido com seu celular. Sem senha.</span>
            </div>
          </div>
          <HeroArt className={styles.art} />
        </section>

        <section className={styles.section} aria-labelledby="landing-benefits">
          <h2 id="landing-benefits" className={styles.sectionTitle}>
            Por que assinar energia solar
          </h2>
          <Carousel
            label="Benefícios"
            previousLabel="Benefício anterior"
            nextLabel="Próximo benefício"
            items={BENEFITS}
            itemKey={(b) => b.title}
            below={BENEFITS_CAROUSEL_BELOW_PX}
            autoplayMs={BENEFITS_AUTOPLAY_MS}
            as="ul"
            listClassName={styles.benefits}
            itemClassName={styles.card}
            renderItem={(b) => (
              <>
                <span className={styles.cardFigure}>{b.figure}</span>
                <h3 className={styles.cardTitle}>{b.title}</h3>
                <p className={styles.cardText}>{b.text}</p>
              </>
            )}
          />
        </section>

        <div className={styles.band}>
          <section id="como-funciona" className={styles.section} aria-labelledby="landing-how">
            <h2 id="landing-how" className={styles.sectionTitle}>
              Como funciona
            </h2>
            <Carousel
              label="Etapas"
              previousLabel="Etapa anterior"
              nextLabel="Próxima etapa"
              items={STEPS}
              itemKey={(s) => s.title}
              below={INFO_CAROUSEL_BELOW_PX}
              as="ol"
              listClassName={styles.steps}
              itemClassName={styles.stepItem}
              renderItem={(s, i) => (
                <>
                  <span className={styles.stepNumber} aria-hidden="true">
                    {i + 1}
                  </span>
                  <h3 className={styles.cardTitle}>{s.title}</h3>
                  <p className={styles.cardText}>{s.text}</p>
                </>
              )}
            />
          </section>
        </div>

        <section id="residencial" className={styles.section} aria-labelledby="landing-home">
          <div className={styles.split}>
            <div>
              <h2 id="landing-home" className={styles.sectionTitle}>
                Residencial
              </h2>
            </div>
            <p className={styles.sectionLead}>
              Para casas com telhado próprio. Cuidamos do projeto, da homologação na distribuidora, da instalação e da manutenção,
              com monitoramento pelo aplicativo. Ainda não atendemos apartamentos.
            </p>
          </div>
        </section>

        <section id="sobre-nos" className={styles.section} aria-labelledby="landing-about">
          <div className={styles.closing}>
            <h2 id="landing-about" className={styles.closingTitle}>
              Sobre nós
            </h2>
            <p className={styles.closingText}>
              Somos uma empresa brasileira de energia solar. Levamos energia limpa e mais barata para casas e empresas, com
              atendimento próximo e transparência em cada etapa.
            </p>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}

/** Default export for `lazy(() => import(...))`. */
export default LandingPage;
