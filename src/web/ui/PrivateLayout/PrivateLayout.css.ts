import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { narrow, up } from '../../theme/media';

const SIDEBAR = 288;

export const root = style({
  minHeight: '100vh',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  background: vars.color.background,
  '@media': { [up.lg]: { gridTemplateColumns: `${SIDEBAR}px minmax(0, 1fr)` } },
});

export const sidebar = style({
  display: 'none',
  '@media': {
    [up.lg]: {
      display: 'flex',
      position: 'sticky',
      top: 0,
      height: '100vh',
      overflowY: 'auto',
    },
  },
});

export const navPanel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  width: '100%',
  minHeight: '100%',
  padding: `${vars.space.xl} ${vars.space.lg}`,
  background: `linear-gradient(180deg, ${vars.color.brand} 0%, ${vars.color.brandStrong} 100%)`,
  color: vars.color.textOnDark,
});

export const navHeader = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: `0 ${vars.space.sm}` });

export const navList = style({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const navItem = style({
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  border: 0,
  background: 'transparent',
  font: 'inherit',
  textAlign: 'left',
  gap: vars.space.md,
  minHeight: 48,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.textOnDark,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  cursor: 'pointer',
  outline: 'none',
  transition: `background-color ${vars.duration.fast}`,
  selectors: {
    '&[data-hovered]': { background: 'rgba(255, 255, 255, 0.08)' },
    '&[data-focus-visible]': { boxShadow: `0 0 0 3px ${vars.color.sun}` },
    // the page the customer is on: a white pill with a sun-coloured edge (not colour alone)
    '&[aria-current="page"]': { background: vars.color.surface, color: vars.color.brand, fontWeight: vars.fontWeight.bold, boxShadow: `inset 4px 0 0 ${vars.color.sun}` },
    '&[aria-current="page"][data-focus-visible]': { boxShadow: `inset 4px 0 0 ${vars.color.sun}, 0 0 0 3px ${vars.color.sun}` },
    // Spec §2: disabled items show a not-allowed cursor until the menu loads.
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.5 },
  },
});

export const navNote = style({
  margin: `${vars.space.sm} ${vars.space.md} 0`,
  fontSize: vars.fontSize.xs,
  lineHeight: 1.45,
  color: vars.color.textOnDarkMuted,
});

export const navIcon = style({ flexShrink: 0, width: 22, height: 22 });
export const navLabel = style({ flex: 1 });

const statusDot = style({ width: 10, height: 10, borderRadius: vars.radius.pill, flexShrink: 0, boxShadow: '0 0 0 2px rgba(255,255,255,0.85)' });
export const status = styleVariants({
  APPROVED: [statusDot, { background: '#3ecf7a' }],
  PENDING: [statusDot, { background: vars.color.sun }],
  DENIED: [statusDot, { background: '#ff6b5e' }],
  NOT_DONE: [statusDot, {
    background: 'transparent', border: `2px solid ${vars.color.textOnDarkMuted}`, boxShadow: 'none',
    // on the selected (white) item the light ring would vanish
    selectors: { [`${navItem}[aria-current="page"] &`]: { borderColor: vars.color.borderStrong } },
  }],
});

export const navFooter = style({
  marginTop: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  paddingTop: vars.space.lg,
  borderTop: '1px solid rgba(255, 255, 255, 0.14)',
});

export const mobileOnly = style({ '@media': { [up.lg]: { display: 'none' } } });

export const privacy = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  fontSize: vars.fontSize.xs,
  color: vars.color.textOnDarkMuted,
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: {
    '&:hover': { color: vars.color.textOnDark },
    '&:focus-visible': { boxShadow: `0 0 0 3px ${vars.color.sun}` },
  },
});

export const main = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const topbar = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.header,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: 64,
  padding: `0 ${vars.space.lg}`,
  background: 'rgba(251, 250, 246, 0.92)',
  backdropFilter: 'blur(8px)',
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [up.lg]: { padding: `0 ${vars.space.xxl}` } },
});

export const topbarLogo = style({ '@media': { [up.lg]: { display: 'none' } } });
export const topbarSpacer = style({ flex: 1 });
export const topbarSlot = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

// not composed from theme/a11y.css `iconTarget`: its display changes with the width, and a
// composed class's own rule may come later in the built CSS and show the button on a desktop
export const menuButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 44,
  height: 44,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.brand,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.brandSoft },
    '&[data-focus-visible]': { boxShadow: vars.shadow.focus },
  },
  '@media': { [up.lg]: { display: 'none' } },
});

/** Hidden until it has the keyboard's focus, then shown over the top-left corner. */
export const skipLink = style({
  position: 'absolute',
  left: vars.space.md,
  top: vars.space.sm,
  zIndex: vars.zIndex.toast,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.brand,
  fontWeight: vars.fontWeight.semibold,
  boxShadow: vars.shadow.md,
  transform: 'translateY(-200%)',
  selectors: {
    '&:focus': { transform: 'none', outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

export const content = style({
  outline: 'none',
  flex: 1,
  width: '100%',
  maxWidth: 1200,
  padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.xxxl}`,
  '@media': {
    [up.md]: { padding: `${vars.space.xxl} ${vars.space.xxl} ${vars.space.huge}` },
    [narrow.sm]: { padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.xxl}` },
  },
});

export const drawerOverlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  background: vars.color.overlay,
});

export const drawer = style({
  position: 'fixed',
  top: 0,
  bottom: 0,
  left: 0,
  width: 'min(320px, 86vw)',
  display: 'flex',
  outline: 'none',
  boxShadow: vars.shadow.lg,
});

export const drawerDialog = style({ display: 'flex', width: '100%', height: '100%', overflowY: 'auto', outline: 'none' });

export const closeDrawer = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 40,
  height: 40,
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.textOnDark,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: 'rgba(255, 255, 255, 0.1)' },
    '&[data-focus-visible]': { boxShadow: `0 0 0 3px ${vars.color.sun}` },
  },
});
