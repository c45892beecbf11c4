import { describePaths } from './describePaths';
import { consumerPaths } from './consumer.paths';

describePaths(consumerPaths);
