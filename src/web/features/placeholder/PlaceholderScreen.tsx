import { screenByPath, SCREENS } from '#shared/routes';
import { screenPath } from '#machines/journey/journeyMachine';
import { useJourney } from '../../journey/JourneyContext';
import { greeting } from '#shared/customer/rules';
import * as s from './PlaceholderScreen.css';

/** A private screen not built yet: its title (from the screen table) inside the signed-in layout. */
export default function PlaceholderScreen() {
  const path = useJourney((snap) => screenPath(snap));
  const customer = useJourney((snap) => snap.context.customer);
  const screen = path ? screenByPath(path) : undefined;
  const title = screen ? SCREENS[screen].title : 'Portal';
  const hello = customer ? greeting(customer) : null;
  return (
    <section className={s.section}>
      <h1 className={s.title}>{title}</h1>
      {hello ? <p className={s.text}>{hello}</p> : null}
    </section>
  );
}
