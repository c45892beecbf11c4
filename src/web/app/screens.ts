import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PrivateScreenKey, ScreenKey } from '#shared/routes';

/**
 * The screen map of the public screens of src/shared/routes.ts, each its own chunk (a first visit
 * to the landing page downloads no form). The signed-in screens have their own map in
 * privateScreens.ts, inside the signed-in frame's chunk, so the landing page does not carry their
 * loaders. Screens that share a component share the lazy wrapper, so moving between them keeps
 * it mounted.
 */
export type Screen = LazyExoticComponent<ComponentType>;
export type PublicScreenKey = Exclude<ScreenKey, PrivateScreenKey>;

const AccessCode = lazy(() => import('../features/auth/AccessCodeScreen'));

export const PUBLIC_SCREEN_COMPONENTS: Readonly<Record<PublicScreenKey, Screen>> = {
  landing: lazy(() => import('../features/landing/LandingScreen')),
  welcome: lazy(() => import('../features/welcome/WelcomeScreen')),
  login: lazy(() => import('../features/auth/LoginScreen')),
  accessAccount: AccessCode,
  signUp: lazy(() => import('../features/auth/SignUpScreen')),
  signUpAccessCode: AccessCode,
  createAccount: lazy(() => import('../features/auth/CreateAccountScreen')),
  thankYou: lazy(() => import('../features/auth/ThankYouScreen')),
};
