import { RouterProvider as LinkNavigation } from 'react-aria-components';
import { Button } from '../../ui/Button/Button';
import { Link } from '../../ui/Link/Link';
import { LoadingScreen } from '../../ui/LoadingScreen/LoadingScreen';
import { AuthLayout } from '../../ui/AuthLayout/AuthLayout';
import { useAuthActor, useHistory, useJourney } from '../../journey/JourneyContext';
import { PATHS, urlOfPath } from '#shared/routes';
import { useGo } from '../../journey/useGo';
import { PhoneStep } from './parts/PhoneStep';
import * as s from './parts/authForm.css';

/** /pt/sign-up (spec §2 "Sign-up phone screen"); `?type=business` is the company variant. */
export default function SignUpScreen() {
  const auth = useAuthActor();
  const business = useJourney((snap) => snap.context.registerType === 'business');
  const go = useGo();
  const history = useHistory();
  if (!auth) return <LoadingScreen />;
  return (
    // links with an href change the URL in place; the route sync hands it to the machine
    <LinkNavigation navigate={(href) => history.push(href)}>
    <AuthLayout
      variant={business ? 'business' : 'personal'}
      onHome={() => go(PATHS.landing)}
      panelTitle={business ? 'Energia solar para a sua empresa, sem investimento.' : undefined}
      panelAction={<Button variant="secondary" onPress={() => go(PATHS.login)}>Acesso</Button>}
    >
      {/* a new auth flow (Back, a new visit to the route) starts a fresh form: the spent bot-check payload goes with the old one */}
      <PhoneStep
        key={auth.sessionId}
        auth={auth}
        title={business ? 'Cadastro da empresa' : 'Crie sua conta'}
        lead="Informe seu celular: enviaremos um código por SMS para confirmar o número."
      >
        <Link href={urlOfPath(PATHS.login)}>Já tem cadastro? Acesse a plataforma.</Link>
        {business ? (
          <Link href={urlOfPath(PATHS.signUp)}>Quero cadastrar minha casa</Link>
        ) : (
          <Link href={urlOfPath(PATHS.signUp, { type: 'business' })}>Quero cadastrar minha empresa</Link>
        )}
      </PhoneStep>
      <p className={s.muted}>Seus dados são usados apenas para o seu cadastro.</p>
    </AuthLayout>
    </LinkNavigation>
  );
}
