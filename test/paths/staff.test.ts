import { describePaths } from './describePaths';
import { staffPaths } from './staff.paths';

describePaths(staffPaths);
