import { describePaths } from './describePaths';
import { planPaths } from './plan.paths';

describePaths(planPaths);
