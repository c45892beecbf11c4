import { describePaths } from './describePaths';
import { checkoutPaths } from './checkout.paths';

describePaths(checkoutPaths);
