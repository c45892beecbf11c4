import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/theme.css';

/** The file the team attached to a message: a link-looking button (the download needs the session). */
export const attachment = style({
  alignSelf: 'flex-start', display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, maxWidth: '100%',
  padding: `${vars.space.xs} ${vars.space.sm}`, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm,
  background: vars.color.surface, color: vars.color.brand, font: 'inherit', fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold,
  textDecoration: 'underline', cursor: 'pointer', textAlign: 'left', overflowWrap: 'anywhere',
  selectors: {
    '&:hover': { background: vars.color.brandSoft },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    '&[aria-busy="true"]': { cursor: 'progress', opacity: 0.7 },
  },
});
export const attachmentIcon = style({ flexShrink: 0 });
export const attachmentError = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.regular });
