import { createGlobalTheme } from '@vanilla-extract/css';

/**
 * The portal's design tokens. Components import `vars`, never raw values.
 * Palette: a deep green base (trust, nature) with a warm solar amber accent; text colours are
 * chosen for WCAG AA contrast on their backgrounds (amber buttons carry dark text, not white).
 */
export const vars = createGlobalTheme(':root', {
  color: {
    brand: '#0b4d3a',
    brandStrong: '#073628',
    brandSoft: '#e3f1eb',
    brandContrast: '#ffffff',
    accent: '#f5a524',
    accentStrong: '#e08a00',
    accentSoft: '#fff4dc',
    accentContrast: '#1d1a12',
    sun: '#ffc83d',
    text: '#16241f',
    textMuted: '#4f5f59',
    textOnDark: '#f4f7f5',
    textOnDarkMuted: '#bfd6cc',
    background: '#fbfaf6',
    surface: '#ffffff',
    surfaceSunken: '#f3f1ea',
    border: '#d9dcd5',
    borderStrong: '#8a968f',
    focus: '#1f6feb',
    danger: '#b3261e',
    dangerSoft: '#fdecea',
    success: '#1b7f4b',
    successSoft: '#e4f5eb',
    warning: '#8a5a00',
    warningSoft: '#fff4dc',
    overlay: 'rgba(7, 30, 23, 0.55)',
    disabled: '#9aa59f',
    disabledSurface: '#eceee9',
  },
  space: {
    none: '0',
    xxs: '2px',
    xs: '4px',
    sm: '8px',
    md: '12px',
    lg: '16px',
    xl: '24px',
    xxl: '32px',
    xxxl: '48px',
    huge: '64px',
  },
  radius: {
    sm: '6px',
    md: '10px',
    lg: '16px',
    xl: '24px',
    pill: '999px',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
    mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace',
  },
  fontSize: {
    xs: '0.8125rem',
    sm: '0.9375rem',
    md: '1.0625rem',
    lg: '1.25rem',
    xl: '1.5rem',
    xxl: '2rem',
    display: 'clamp(2rem, 1.2rem + 3.6vw, 3.5rem)',
  },
  fontWeight: {
    regular: '400',
    medium: '500',
    semibold: '600',
    bold: '700',
  },
  lineHeight: {
    tight: '1.15',
    snug: '1.3',
    body: '1.55',
  },
  shadow: {
    sm: '0 1px 2px rgba(16, 36, 30, 0.08)',
    md: '0 4px 14px rgba(16, 36, 30, 0.10)',
    lg: '0 18px 48px rgba(16, 36, 30, 0.18)',
    focus: '0 0 0 3px rgba(31, 111, 235, 0.45)',
  },
  duration: {
    fast: '120ms',
    normal: '200ms',
  },
  zIndex: {
    header: '10',
    overlay: '100',
    toast: '200',
  },
});
