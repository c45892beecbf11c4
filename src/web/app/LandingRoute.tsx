import { LandingScreen } from '../screens/landing/LandingScreen';
import { useGo } from './useGo';

/** The landing page, wired: 'Para a minha casa' opens sign-up as an individual. */
export default function LandingRoute() {
  const go = useGo();
  return <LandingScreen onStart={() => go('/sign-up')} onLogin={() => go('/login')} />;
}
