import type { ComponentType } from 'react';
import { lazyScreensOf, type LazyScreen } from './lazyScreen';
import { SCREEN_KEYS, SCREENS, type PrivateScreenKey, type ScreenKey } from '#shared/routes';

/**
 * The screen map of the public screens of src/shared/routes.ts, from each row's source file, each
 * its own chunk (a first visit to the landing page downloads no form). The signed-in screens have
 * their own map in privateScreens.ts, inside the signed-in frame's chunk, so the landing page does
 * not carry their loaders: the folders below hold public screens only. Screens that share a
 * component share the lazy wrapper, so moving between them keeps it mounted.
 */
export type Screen = ComponentType;
export type PublicScreenKey = Exclude<ScreenKey, PrivateScreenKey>;

const code = import.meta.glob<{ default: ComponentType }>(['../features/landing/*Screen.tsx', '../features/welcome/*Screen.tsx', '../features/auth/*Screen.tsx']);

const lazyOf = lazyScreensOf(code, 'public');

const PUBLIC_SCREENS = Object.fromEntries(
  SCREEN_KEYS.filter((key) => SCREENS[key].access === 'public').map((key) => [key, lazyOf(SCREENS[key].module)]),
) as Readonly<Record<PublicScreenKey, LazyScreen>>;

export const PUBLIC_SCREEN_COMPONENTS: Readonly<Record<PublicScreenKey, Screen>> = Object.fromEntries(
  Object.entries(PUBLIC_SCREENS).map(([key, screen]) => [key, screen.Screen]),
) as Record<PublicScreenKey, Screen>;

/** Loads a public screen's code ahead of its first render (the page opens on it). */
export const preloadPublicScreen = (key: PublicScreenKey): Promise<unknown> => PUBLIC_SCREENS[key].preload();
