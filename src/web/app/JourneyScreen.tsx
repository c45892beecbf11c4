import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { screenPath } from '../../../machines/journey/journeyMachine';
import { LoadingScreen } from '../components/LoadingScreen/LoadingScreen';
import { useJourney } from './JourneyContext';

/**
 * Renders the screen of the journey machine's state. Every screen is its own chunk, so a first
 * visit to the landing page downloads no form.
 */
const Landing = lazy(() => import('./LandingRoute'));
const Welcome = lazy(() => import('./WelcomeRoute'));
const Login = lazy(() => import('../screens/login/LoginScreen'));
const SignUp = lazy(() => import('../screens/sign-up/SignUpScreen'));
const AccessCode = lazy(() => import('../screens/access-code/AccessCodeScreen'));
const CreateAccount = lazy(() => import('../screens/create-account/CreateAccountScreen'));
const ThankYou = lazy(() => import('../screens/thank-you/ThankYouScreen'));
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
