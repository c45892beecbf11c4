import { useActorSelector as useSelector } from '../../journey/useActorSelector';
import { Button } from '../../ui/Button/Button';
import { LoadingScreen } from '../../ui/LoadingScreen/LoadingScreen';
import { AuthLayout } from '../../ui/AuthLayout/AuthLayout';
import { useAuthActor, type AuthActor } from '../../journey/JourneyContext';
import { PATHS } from '#shared/routes';
import { useGo } from '../../journey/useGo';
import { PhoneStep } from './parts/PhoneStep';
import * as s from './parts/authForm.css';

function NotRegisteredOffer({ auth }: { auth: AuthActor }) {
  const notRegistered = useSelector(auth, (snap) => snap.matches('notRegistered'));
  if (!notRegistered) return null;
  return (
    <Button variant="secondary" fullWidth onPress={() => auth.send({ type: 'registration.start' })}>
      Cadastrar este número
    </Button>
  );
}

/** /pt/login (spec §2 "Login screen"). */
export default function LoginScreen() {
  const auth = useAuthActor();
  const go = useGo();
  if (!auth) return <LoadingScreen />;
  return (
    <AuthLayout onHome={() => go(PATHS.landing)}>
      {/* a new auth flow (Back, a new visit to the route) starts a fresh form: the spent bot-check payload goes with the old one */}
      <PhoneStep key={auth.sessionId} auth={auth} title="Acesse sua conta" lead="Informe seu celular para receber o código de acesso por SMS.">
        <NotRegisteredOffer auth={auth} />
        <div className={s.row}>
          <span className={s.muted}>Ainda não tem cadastro?</span>
          <Button variant="secondary" onPress={() => go(PATHS.signUp)}>Cadastre-se</Button>
        </div>
      </PhoneStep>
    </AuthLayout>
  );
}
