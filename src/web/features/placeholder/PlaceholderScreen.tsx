import { screenByPath, SCREENS } from '#shared/routes';
import { screenPath } from '#machines/journey/journeyMachine';
import { useJourney } from '../../journey/JourneyContext';
import * as s from './PlaceholderScreen.css';

/** A private screen not built yet: its title (from the screen table) inside the signed-in layout. */
export default function PlaceholderScreen() {
  const path = useJourney((snap) => screenPath(snap));
  const name = useJourney((snap) => snap.context.customer?.name);
  const screen = path ? screenByPath(path) : undefined;
  const title = screen ? SCREENS[screen].title : 'Portal';
  return (
    <section className={s.section}>
      <h1 className={s.title}>{title}</h1>
      {name ? <p className={s.text}>Olá, {name.split(' ')[0]}!</p> : null}
    </section>
  );
}
