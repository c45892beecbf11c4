import { describePaths } from './describePaths';
import { notificationsPaths } from './notifications.paths';

describePaths(notificationsPaths);
