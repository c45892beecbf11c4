import { describePaths } from './describePaths';
import { processPaths } from './process.paths';

describePaths(processPaths);
