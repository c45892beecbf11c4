// Importing the theme entry also installs the global reset (import it once, in the app entry).
import './global.css';

export { vars } from './theme.css';
export { breakpoints, up, narrow, codeBoxCompact, reducedMotion, type Breakpoint } from './media';
