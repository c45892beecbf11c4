import type { ComponentType } from 'react';
import type { PrivateScreenKey } from '#shared/routes';
import type { Screen } from './screens';
import { lazyScreensOf, type LazyScreen } from './lazyScreen';
import { PRIVATE_SCREEN_MODULES } from './screenModules';

/**
 * The screen map of the signed-in screens of src/shared/routes.ts (loaded with the signed-in
 * frame), from the source files of screenModules.ts. A screen not built yet shows the placeholder
 * inside the frame.
 */
const code = import.meta.glob<{ default: ComponentType }>('../features/*/*Screen.tsx');

const lazyOf = lazyScreensOf(code, 'signed-in');

const PRIVATE_SCREENS = Object.fromEntries(
  Object.entries(PRIVATE_SCREEN_MODULES).map(([key, module]) => [key, lazyOf(module)]),
) as Readonly<Record<PrivateScreenKey, LazyScreen>>;

export const PRIVATE_SCREEN_COMPONENTS: Readonly<Record<PrivateScreenKey, Screen>> = Object.fromEntries(
  Object.entries(PRIVATE_SCREENS).map(([key, screen]) => [key, screen.Screen]),
) as Record<PrivateScreenKey, Screen>;

/** Loads a signed-in screen's code while the session is checked (a reload lands on it). */
export const preloadPrivateScreen = (key: PrivateScreenKey): Promise<unknown> => PRIVATE_SCREENS[key].preload();
