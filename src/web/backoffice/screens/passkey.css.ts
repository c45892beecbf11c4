import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

/** The passkey beside the app code (sign-in, invitation): a second way, set apart by a rule and its label. */
export const alternative = style({ display: 'grid', gap: vars.space.md, paddingTop: vars.space.lg, borderTop: `1px solid ${vars.color.border}` });
export const alternativeLabel = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, color: vars.color.textMuted });
/** One way in on the invitation page: its heading, what it asks, its action. */
export const way = style({ display: 'grid', gap: vars.space.lg, minWidth: 0 });
export const step = style({ margin: 0, fontSize: vars.fontSize.md });
