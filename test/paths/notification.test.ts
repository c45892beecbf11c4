import { describePaths } from './describePaths';
import { notificationsPaths } from './notification.paths';

describePaths(notificationsPaths);
