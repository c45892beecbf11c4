import { WelcomePage } from './WelcomePage';
import { useGo } from '../../journey/useGo';

/** The welcome page (app badges), wired: the logo goes home. */
export default function WelcomeScreen() {
  const go = useGo();
  return <WelcomePage onHome={() => go('/')} />;
}
