import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

const base = style({
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  textUnderlineOffset: '3px',
  selectors: {
    '&[data-focus-visible]': { boxShadow: vars.shadow.focus },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const variant = styleVariants({
  /** Underlined link in body text. */
  inline: [base, { color: vars.color.brand, fontWeight: vars.fontWeight.semibold, textDecoration: 'underline', selectors: { '&[data-hovered]': { color: vars.color.brandStrong } } }],
  /** Quiet link (footers, navigation): underline only on hover. */
  quiet: [base, { color: 'inherit', textDecoration: 'none', selectors: { '&[data-hovered]': { textDecoration: 'underline' } } }],
  /** On dark backgrounds. */
  onDark: [base, { color: vars.color.textOnDark, textDecoration: 'underline', selectors: { '&[data-hovered]': { color: vars.color.sun } } }],
});
