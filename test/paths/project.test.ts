import { describePaths } from './describePaths';
import { projectPaths } from './project.paths';

describePaths(projectPaths);
