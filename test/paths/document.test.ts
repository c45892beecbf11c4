import { describePaths } from './describePaths';
import { documentPaths } from './document.paths';

describePaths(documentPaths);
