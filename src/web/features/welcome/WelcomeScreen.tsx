import { WelcomePage } from './WelcomePage';
import { PATHS } from '#shared/routes';
import { useGo } from '../../journey/useGo';

/** The welcome page (app badges), wired: the logo goes home. */
export default function WelcomeScreen() {
  const go = useGo();
  return <WelcomePage onHome={() => go(PATHS.landing)} />;
}
