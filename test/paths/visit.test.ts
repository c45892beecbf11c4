import { describePaths } from './describePaths';
import { visitPaths } from './visit.paths';

describePaths(visitPaths);
