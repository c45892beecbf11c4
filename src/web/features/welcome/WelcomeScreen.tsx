import { WelcomePage } from './WelcomePage';
import { PATHS } from '#shared/routes';
import { useGo } from '../../journey/useGo';

/** The welcome page (app badges), wired: the logo goes home, 'Acessar o portal' to the login. */
export default function WelcomeScreen() {
  const go = useGo();
  return <WelcomePage onHome={() => go(PATHS.landing)} onLogin={() => go(PATHS.login)} />;
}
