import { messages as m } from '#shared/messages';
import { projectSteps } from '#shared/project/rules';
import { visuallyHidden } from '../../../theme/a11y.css';
import * as s from './ProjectSteps.css';

const Check = () => (
  <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true"><path d="M5 10.5l3.2 3.2L15 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" /></svg>
);
/** The active step's mark: a sun, the business's own sign of work under way. */
const Sun = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <circle cx="12" cy="12" r="4" fill="currentColor" />
    <path d="M12 2.5v2.5M12 19v2.5M2.5 12H5M19 12h2.5M5.3 5.3l1.8 1.8M16.9 16.9l1.8 1.8M5.3 18.7l1.8-1.8M16.9 7.1l1.8-1.8" />
  </svg>
);

/**
 * The seven steps of spec §4 as an ordered list: the ones behind the customer checked in green, the
 * step the project is at marked with the sun and aria-current="step"; an unknown status is step 0.
 */
export function ProjectSteps({ status }: { status: string | null }) {
  const steps = projectSteps(status);
  return (
    <ol className={s.list} aria-label={m['project.steps']}>
      {steps.map((step, i) => {
        const kind = step.done ? 'done' : step.current ? 'current' : 'upcoming';
        return (
          <li key={step.status} className={s.stepOf[kind]} aria-current={step.current ? 'step' : undefined} data-step-state={kind}>
            <span className={s.markerOf[kind]} aria-hidden="true">{step.done ? <Check /> : step.current ? <Sun /> : i + 1}</span>
            <span className={s.labelOf[kind]}>
              {m[`project.status.${step.status}`]}
              <span className={visuallyHidden}>{` (${m[step.done ? 'project.step.done' : step.current ? 'project.step.current' : 'project.step.upcoming']})`}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
