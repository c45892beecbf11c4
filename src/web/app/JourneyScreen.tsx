import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { screenPath } from '../../../machines/journey/journeyMachine';
import { LoadingScreen } from '../components/LoadingScreen/LoadingScreen';
import { PrivateLayout } from '../layout/PrivateLayout/PrivateLayout';
import { useJourney, useJourneyActor } from './JourneyContext';
import { useGo } from './useGo';

/**
 * Renders the screen of the journey machine's state. Every screen is its own chunk, so a first
 * visit to the landing page downloads no form.
 */
const Landing = lazy(() => import('./LandingRoute'));
const Welcome = lazy(() => import('../screens/private-placeholder/WelcomePlaceholder'));
const Login = lazy(() => import('../screens/login/LoginScreen'));
const SignUp = lazy(() => import('../screens/sign-up/SignUpScreen'));
const AccessCode = lazy(() => import('../screens/access-code/AccessCodeScreen'));
const CreateAccount = lazy(() => import('../screens/create-account/CreateAccountScreen'));
const ThankYou = lazy(() => import('../screens/thank-you/ThankYouScreen'));
const PrivatePlaceholder = lazy(() => import('../screens/private-placeholder/PrivatePlaceholder'));

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
  const loggingOut = useJourney((s) => s.matches({ signedIn: 'loggingOut' }));
  const customer = useJourney((s) => s.context.customer);
  const actor = useJourneyActor();
  const go = useGo();

  useEffect(() => {
    if (path) document.title = 'Portal Sol de Casa';
  }, [path]);

  if (signedIn) {
    return (
      <PrivateLayout
        currentPath={path ?? '/bill'}
        menu={customer?.steps}
        customerKind={customer?.subscription_lending}
        onNavigate={(p) => go(p)}
        onLogout={() => actor.send({ type: 'logout' })}
        isLoggingOut={loggingOut}
      >
        <Suspense fallback={<LoadingScreen inline />}>
          <PrivatePlaceholder />
        </Suspense>
      </PrivateLayout>
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
