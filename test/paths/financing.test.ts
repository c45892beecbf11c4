import { describePaths } from './describePaths';
import { financingPaths } from './financing.paths';

describePaths(financingPaths);
