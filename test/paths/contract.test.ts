import { describePaths } from './describePaths';
import { contractPaths } from './contract.paths';

describePaths(contractPaths);
