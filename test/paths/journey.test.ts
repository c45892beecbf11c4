import { describePaths } from './describePaths';
import { journeyPaths } from './journey.paths';

describePaths(journeyPaths);
