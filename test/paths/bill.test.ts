import { describePaths } from './describePaths';
import { billPaths } from './bill.paths';

describePaths(billPaths);
