import { describePaths } from './describePaths';
import { proposalPaths } from './proposal.paths';

describePaths(proposalPaths);
