import { LandingPage } from './LandingPage';
import { PATHS } from '#shared/routes';
import { useGo } from '../../journey/useGo';

/** The landing page, wired: 'Para a minha casa' opens sign-up as an individual. */
export default function LandingScreen() {
  const go = useGo();
  return <LandingPage onStart={() => go(PATHS.signUp)} onLogin={() => go(PATHS.login)} />;
}
