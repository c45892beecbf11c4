import { useRef, useState, type ReactNode } from 'react';
import { Button as RACButton } from 'react-aria-components/Button';
import { Link as RACLink } from 'react-aria-components/Link';
import { Dialog, Modal as RACModal, ModalOverlay } from 'react-aria-components/Modal';
import { billStepStatus, highlightedMenuItem, isMenuItemOpen, menuItems, type MenuItemKey, type NavStep } from '#shared/menu';
import { PATHS, pathWithoutLanguage, SCREENS, type ScreenPath } from '#shared/routes';
import type { CustomerKind, StepStatus } from '#shared/steps';
import { Logo } from '../Logo/Logo';
import { visuallyHidden } from '../../theme/a11y.css';
import { PRIVACY_POLICY_URL } from '#shared/brand';
import { messages } from '#shared/messages';
import * as styles from './PrivateLayout.css';

/** The privacy policy, served from public/ and opened in a new tab (spec §2). */
export { PRIVACY_POLICY_URL };

export interface PrivateLayoutProps {
  children: ReactNode;
  /** The current path, with or without the language ('/pt/bill' or '/bill'); selects the item. */
  currentPath: string;
  /** The customer's steps; until it arrives every item is disabled (spec §2). */
  menu?: readonly NavStep[];
  /**
   * Whether the list of steps is shown (spec §2: one second after the bill step is known and not
   * PENDING; the journey machine decides). While not, the items but the bill are drawn disabled. @default true
   */
  isMenuShown?: boolean;
  /** Staff published the final proposal: its item shows after the visit. @default false */
  finalProposalPublished?: boolean;
  /** SUBSCRIPTION or LENDING: decides the plan and payment items. @default 'SUBSCRIPTION' */
  customerKind?: CustomerKind;
  /** A navigation item was chosen: the screen's path, without the language ('/bill', '/profile'). */
  onNavigate: (path: ScreenPath) => void;
  /** The 'Sair' button. */
  onLogout: () => void;
  /** The FAQ entry shown on mobile; hidden when not given. */
  onFaq?: () => void;
  /** Right side of the page header: the notification bell goes here. */
  headerSlot?: ReactNode;
  /** Disables the logout button while a logout is running. */
  isLoggingOut?: boolean;
}

const STATUS_TEXT: Record<StepStatus, string> = {
  APPROVED: 'aprovada',
  PENDING: 'em análise',
  DENIED: 'reprovada',
  NOT_DONE: 'não enviada',
};

const ICONS: Record<MenuItemKey | 'profile' | 'faq' | 'logout', string> = {
  bill: 'M7 3h7l4 4v14H7zM14 3v4h4M10 12h5M10 16h5',
  proposal: 'M5 4h14v16H5zM9 9h6M9 13h6M9 17h3',
  visit: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  finalProposal: 'M5 4h14v16H5zM9 9h6M9 13h6M9 17l2 2 4-4',
  plan: 'M4 7h16v12H4zM4 11h16M8 15h3',
  status: 'M4 19V9M10 19V5M16 19v-7M21 19H3',
  payment: 'M3 7h18v10H3zM3 11h18M7 15h3',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1.5-4 4.5-6 8-6s6.5 2 8 6',
  faq: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.7M12 17v.5',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
};

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg className={styles.navIcon} viewBox="0 0 24 24" aria-hidden="true">
      <path d={ICONS[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function NavPanel({
  currentPath,
  menu,
  isMenuShown = true,
  finalProposalPublished = false,
  customerKind = 'SUBSCRIPTION',
  onNavigate,
  onLogout,
  onFaq,
  isLoggingOut,
  close,
}: Omit<PrivateLayoutProps, 'children' | 'headerSlot'> & { close?: ReactNode }) {
  const items = menuItems(menu, finalProposalPublished, currentPath);
  const selected = highlightedMenuItem(currentPath, customerKind, items);
  const billStatus = billStepStatus(menu);
  const onProfile = pathWithoutLanguage(currentPath) === PATHS.profile;
  return (
    <div className={styles.navPanel}>
      <div className={styles.navHeader}>
        <Logo tone="white" size="sm" />
        {close}
      </div>
      <nav aria-label="Etapas da sua jornada">
        <ul className={styles.navList}>
          {items.map((item) => {
            const enabled = isMenuItemOpen(item, menu, customerKind, isMenuShown);
            return (
              <li key={item.key}>
                <RACLink
                  className={styles.navItem}
                  isDisabled={!enabled}
                  aria-current={selected === item.key ? 'page' : undefined}
                  onPress={() => onNavigate(item.path)}
                >
                  <Icon name={item.key} />
                  <span className={styles.navLabel}>{item.label}</span>
                  {item.key === 'bill' && billStatus ? (
                    <>
                      <span className={styles.status[billStatus]} aria-hidden="true" />
                      <span className={visuallyHidden}>{`(conta ${STATUS_TEXT[billStatus]})`}</span>
                    </>
                  ) : null}
                </RACLink>
              </li>
            );
          })}
        </ul>
        {!isMenuShown && billStatus === 'PENDING' ? <p className={styles.navNote}>{messages['menu.waitingForBill']}</p> : null}
      </nav>
      <div className={styles.navFooter}>
        <RACLink className={styles.navItem} aria-current={onProfile ? 'page' : undefined} onPress={() => onNavigate(PATHS.profile)}>
          <Icon name="profile" />
          <span className={styles.navLabel}>{SCREENS.profile.title}</span>
        </RACLink>
        {onFaq ? (
          <RACLink className={`${styles.navItem} ${styles.mobileOnly}`} onPress={onFaq}>
            <Icon name="faq" />
            <span className={styles.navLabel}>Perguntas frequentes</span>
          </RACLink>
        ) : null}
        <RACButton className={styles.navItem} onPress={onLogout} isDisabled={isLoggingOut}>
          <Icon name="logout" />
          <span className={styles.navLabel}>Sair</span>
        </RACButton>
        <a className={styles.privacy} href={PRIVACY_POLICY_URL} target="_blank" rel="noopener noreferrer">
          Política de privacidade
        </a>
      </div>
    </div>
  );
}

/**
 * The signed-in frame (spec §2 "Side navigation"): the six step items (disabled until `menu`
 * arrives) and the final proposal's once published, the current page's item highlighted, profile, FAQ (mobile), logout and the privacy-policy link; a page header with a slot
 * for the notification bell. A sidebar from 1024 px, a drawer behind a menu button below.
 * It decides nothing: items call `onNavigate(path)`; the journey machine accepts or refuses.
 */
export function PrivateLayout({ children, headerSlot, ...nav }: PrivateLayoutProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  const navigateAndClose = (path: ScreenPath) => {
    setDrawerOpen(false);
    nav.onNavigate(path);
  };
  return (
    <div className={styles.root}>
      {/* the first Tab stop: past the side navigation and the header to the page itself (WCAG 2.4.1) */}
      <a
        className={styles.skipLink}
        href="#conteudo"
        onClick={(e) => {
          e.preventDefault();
          mainRef.current?.focus();
        }}
      >
        Pular para o conteúdo
      </a>
      <aside className={styles.sidebar}>
        <NavPanel {...nav} />
      </aside>
      <div className={styles.main}>
        <header className={styles.topbar}>
          <RACButton className={styles.menuButton} aria-label="Abrir menu" onPress={() => setDrawerOpen(true)}>
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </RACButton>
          <span className={styles.topbarLogo}>
            <Logo size="sm" />
          </span>
          <span className={styles.topbarSpacer} />
          {headerSlot ? <div className={styles.topbarSlot}>{headerSlot}</div> : null}
        </header>
        <main ref={mainRef} id="conteudo" tabIndex={-1} className={styles.content}>{children}</main>
      </div>
      <ModalOverlay isOpen={drawerOpen} onOpenChange={setDrawerOpen} isDismissable className={styles.drawerOverlay}>
        <RACModal className={styles.drawer}>
          <Dialog className={styles.drawerDialog} aria-label="Menu">
            <NavPanel
              {...nav}
              onNavigate={navigateAndClose}
              onFaq={nav.onFaq ? () => { setDrawerOpen(false); nav.onFaq?.(); } : undefined}
              close={
                <RACButton className={styles.closeDrawer} aria-label="Fechar menu" onPress={() => setDrawerOpen(false)}>
                  <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
                    <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                  </svg>
                </RACButton>
              }
            />
          </Dialog>
        </RACModal>
      </ModalOverlay>
    </div>
  );
}
