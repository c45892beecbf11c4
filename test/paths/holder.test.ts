import { describePaths } from './describePaths';
import { holderPaths } from './holder.paths';

describePaths(holderPaths);
