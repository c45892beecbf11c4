import { describePaths } from './describePaths';
import { authPaths } from './auth.paths';

describePaths(authPaths);
