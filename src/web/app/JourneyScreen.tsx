import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { screenPath } from '../../../machines/journey/journeyMachine';
import { LoadingScreen } from '../ui/LoadingScreen/LoadingScreen';
import { useJourney } from '../journey/JourneyContext';

/**
 * Renders the screen of the journey machine's state. Every screen is its own chunk, so a first
 * visit to the landing page downloads no form.
 */
const Landing = lazy(() => import('../features/landing/LandingScreen'));
const Welcome = lazy(() => import('../features/welcome/WelcomeScreen'));
const Login = lazy(() => import('../features/auth/LoginScreen'));
const SignUp = lazy(() => import('../features/auth/SignUpScreen'));
const AccessCode = lazy(() => import('../features/auth/AccessCodeScreen'));
const CreateAccount = lazy(() => import('../features/auth/CreateAccountScreen'));
const ThankYou = lazy(() => import('../features/auth/ThankYouScreen'));
const PrivateShell = lazy(() => import('./PrivateShell'));

const PUBLIC_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/': Landing,
  '/welcome': Welcome,
  '/login': Login,
  '/sign-up': SignUp,
  '/access-account': AccessCode,
  '/sign-up/access-code': AccessCode,
  '/create-account': CreateAccount,
  '/thank-you': ThankYou,
};

export function JourneyScreen() {
  const path = useJourney((s) => screenPath(s));
  const signedIn = useJourney((s) => s.matches('signedIn'));
  if (signedIn) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <PrivateShell />
      </Suspense>
    );
  }
  const Screen = path ? PUBLIC_SCREENS[path] : undefined;
  if (!Screen) return <LoadingScreen />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Screen key={path} />
    </Suspense>
  );
}
