import { describePaths } from './describePaths';
import { signingPaths } from './signing.paths';

describePaths(signingPaths);
