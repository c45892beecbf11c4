import { screenPath } from '#machines/journey/journeyMachine';
import { useJourney } from '../../journey/JourneyContext';
import * as s from './PlaceholderScreen.css';

/** Titles of the private screens that later issues build (spec §2 route table, side navigation). */
export const PRIVATE_TITLES: Record<string, string> = {
  '/bill': 'Conta de luz',
  '/profile': 'Meu perfil',
  '/technical-visit': 'Visita técnica',
  '/proposal-initial': 'Proposta inicial',
  '/proposal-final': 'Proposta final',
  '/payment': 'Pagamento',
  '/plan-signature': 'Assinatura do plano',
  '/project-status': 'Status do projeto',
  '/customers-signature': 'Contratos',
  '/booking-payment': 'Pagamento da assinatura',
};

/** A private screen not built yet: its title inside the signed-in layout. */
export default function PlaceholderScreen() {
  const path = useJourney((snap) => screenPath(snap));
  const name = useJourney((snap) => snap.context.customer?.name);
  const title = (path && PRIVATE_TITLES[path]) ?? 'Portal';
  return (
    <section className={s.section}>
      <h1 className={s.title}>{title}</h1>
      {name ? <p className={s.text}>Olá, {name.split(' ')[0]}!</p> : null}
    </section>
  );
}
