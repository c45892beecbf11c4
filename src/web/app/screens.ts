import type { ComponentType } from 'react';
import { lazyScreen } from './lazyScreen';
import type { PrivateScreenKey, ScreenKey } from '#shared/routes';

/**
 * The screen map of the public screens of src/shared/routes.ts, each its own chunk (a first visit
 * to the landing page downloads no form). The signed-in screens have their own map in
 * privateScreens.ts, inside the signed-in frame's chunk, so the landing page does not carry their
 * loaders. Screens that share a component share the lazy wrapper, so moving between them keeps
 * it mounted.
 */
export type Screen = ComponentType;
export type PublicScreenKey = Exclude<ScreenKey, PrivateScreenKey>;

const accessCode = lazyScreen(() => import('../features/auth/AccessCodeScreen'));

const PUBLIC_SCREENS: Readonly<Record<PublicScreenKey, ReturnType<typeof lazyScreen>>> = {
  landing: lazyScreen(() => import('../features/landing/LandingScreen')),
  welcome: lazyScreen(() => import('../features/welcome/WelcomeScreen')),
  login: lazyScreen(() => import('../features/auth/LoginScreen')),
  accessAccount: accessCode,
  signUp: lazyScreen(() => import('../features/auth/SignUpScreen')),
  signUpAccessCode: accessCode,
  createAccount: lazyScreen(() => import('../features/auth/CreateAccountScreen')),
  thankYou: lazyScreen(() => import('../features/auth/ThankYouScreen')),
};

export const PUBLIC_SCREEN_COMPONENTS: Readonly<Record<PublicScreenKey, Screen>> = Object.fromEntries(
  Object.entries(PUBLIC_SCREENS).map(([key, screen]) => [key, screen.Screen]),
) as Record<PublicScreenKey, Screen>;

/** Loads a public screen's code ahead of its first render (the page opens on it). */
export const preloadPublicScreen = (key: PublicScreenKey): Promise<unknown> => PUBLIC_SCREENS[key].preload();
