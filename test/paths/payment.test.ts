import { describePaths } from './describePaths';
import { paymentPaths } from './payment.paths';

describePaths(paymentPaths);
