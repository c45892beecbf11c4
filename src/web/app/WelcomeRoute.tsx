import { WelcomeScreen } from '../screens/welcome/WelcomeScreen';
import { useGo } from './useGo';

/** The welcome page (app badges), wired: the logo goes home. */
export default function WelcomeRoute() {
  const go = useGo();
  return <WelcomeScreen onHome={() => go('/')} />;
}
