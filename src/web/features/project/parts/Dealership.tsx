import { fill, messages as m } from '#shared/messages';
import type { DealershipView } from '#shared/project/payloads';
import { ANEEL_PHONE, ANEEL_SITE } from '#shared/project/rules';
import { Notice } from '../../../ui/Notice/Notice';
import { visuallyHidden } from '../../../theme/a11y.css';
import { dayText } from './dates';
import * as s from '../ProjectStatusPage.css';

/**
 * The request with the distributor (docs/decisions/0022-project-status.md): protocol, the day it was
 * filed, the stage's regulatory deadline and the days gone by; when the deadline has passed, the
 * next steps: the distributor's ombudsman, then ANEEL (167 or its site).
 */
export function Dealership({ dealership }: { dealership: DealershipView | null }) {
  return (
    <section className={s.card} aria-labelledby="project-dealership">
      <h2 id="project-dealership" className={s.cardTitle}>{m['project.dealership.title']}</h2>
      {dealership === null ? <p className={s.muted}>{m['project.dealership.pending']}</p> : (
        <>
          <dl className={s.facts}>
            <div className={s.fact}><dt>{m['project.dealership.protocol']}</dt><dd className={s.factValue}>{dealership.protocol}</dd></div>
            {dealership.distributor ? <div className={s.fact}><dt>{m['project.dealership.distributor']}</dt><dd className={s.factValue}>{dealership.distributor}</dd></div> : null}
            <div className={s.fact}><dt>{m['project.dealership.filedOn']}</dt><dd className={s.factValue}>{dayText(dealership.filed_on)}</dd></div>
            <div className={s.fact}><dt>{m['project.dealership.elapsed']}</dt><dd className={s.factValue}>{dealership.days_elapsed}</dd></div>
            <div className={s.factWide}>
              <dt>{m['project.dealership.deadline']}</dt>
              {dealership.deadline_days !== null && dealership.deadline_unit && dealership.due_on ? (
                <dd className={dealership.overdue ? s.factOverdue : s.factValue}>
                  {fill(`project.dealership.deadline.${dealership.deadline_unit}`, { days: dealership.deadline_days, due: dayText(dealership.due_on) })}
                </dd>
              ) : <dd className={s.factNote}>{m['project.dealership.noDeadline']}</dd>}
            </div>
          </dl>
          {dealership.overdue && dealership.due_on ? (
            <Notice tone="warning" title={m['project.overdue.title']} headingLevel={3} role={null}>
              <p className={s.noticeText}>{fill('project.overdue.text', { due: dayText(dealership.due_on) })}</p>
              <ol className={s.nextSteps}>
                <li>{fill('project.overdue.ombudsman', { distributor: dealership.distributor ?? m['project.distributor.fallback'], protocol: dealership.protocol })}</li>
                <li>
                  {m['project.overdue.aneel']}{' '}
                  <a href={`tel:${ANEEL_PHONE}`} className={s.link}>{`Ligar ${ANEEL_PHONE}`}</a>
                  {' · '}
                  <a href={ANEEL_SITE} target="_blank" rel="noopener noreferrer" className={s.link}>
                    {m['project.overdue.aneel.site']}<span className={visuallyHidden}>{` ${m['project.newTab']}`}</span>
                  </a>
                </li>
              </ol>
            </Notice>
          ) : null}
        </>
      )}
    </section>
  );
}
