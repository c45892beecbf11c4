import { describePaths } from './describePaths';
import { profilePaths } from './profile.paths';

describePaths(profilePaths);
