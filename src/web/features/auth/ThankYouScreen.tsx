import { Logo } from '../../ui/Logo/Logo';
import { useJourney } from '../../journey/JourneyContext';
import * as s from './ThankYouScreen.css';

/** /pt/thank-you (spec §2): counts 3, 2, 1, 0 once a second (the journey machine does), then the bill page. */
export default function ThankYouScreen() {
  const count = useJourney((snap) => snap.context.thankYouCount);
  return (
    <main className={s.page}>
      <Logo />
      <h1 className={s.title}>Obrigado pelo cadastro!</h1>
      <p className={s.text}>Agora vamos conhecer a sua conta de luz para calcular a sua economia.</p>
      <p className={s.text} aria-live="polite">
        Você será redirecionado em <span className={s.count} data-testid="thank-you-count">{count}</span>
      </p>
    </main>
  );
}
