import type { ReactNode, RefObject } from 'react';
import { billOutcomeMessage } from '#machines/bill/billMachine';
import type { BillStatus } from '#shared/bill/rules';
import { APP_STORE_URL, GOOGLE_PLAY_URL } from '#shared/brand';
import { messages as m } from '#shared/messages';
import { Notice, type NoticeTone } from '../../../ui/Notice/Notice';
import * as s from '../BillPage.css';

/** approved, not approved, or in review (a person or the assistant) */
const OUTCOME_TONE: Record<BillStatus, NoticeTone> = {
  APPROVED: 'success', DISAPPROVED: 'error', DENIED: 'error', WAITING: 'warning', PENDING: 'warning', APP: 'success',
};

/**
 * A bill outcome of spec §4: icon and colour by status, a short title, then the outcome's words
 * (the 24 h review text, the reason of a disapproval, the visit invitation).
 */
export function BillOutcome({ status, justification, visitPending, headingRef, live, children }: {
  status: BillStatus;
  justification: string | null;
  visitPending: boolean;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  /** announced when it changes (the analysis view); the form's reminder is not */
  live?: boolean;
  children?: ReactNode;
}) {
  const { key, reason } = billOutcomeMessage(status, justification);
  const inReview = status === 'WAITING' || status === 'PENDING';
  return (
    <Notice
      tone={OUTCOME_TONE[status]}
      title={inReview ? m['bill.outcome.review.title'] : m[key]}
      headingLevel={2}
      titleRef={headingRef}
      role={live ? 'status' : null}
      size="md"
    >
      {inReview ? <p className={s.text}>{m[key]}</p> : null}
      {reason ? <p className={s.text}>Motivo: {reason}</p> : null}
      {visitPending ? <p className={s.text}>{m['bill.outcome.approved.visit']}</p> : null}
      {status === 'APP' ? (
        // spec §4: APP invites the app download
        <div className={s.storeBadges}>
          <a className={s.storeBadge} href={APP_STORE_URL} target="_blank" rel="noopener noreferrer">
            <img className={s.storeBadgeImage} src="/badges/app-store.svg" alt="Baixar na App Store" width="172" height="52" />
          </a>
          <a className={s.storeBadge} href={GOOGLE_PLAY_URL} target="_blank" rel="noopener noreferrer">
            <img className={s.storeBadgeImage} src="/badges/google-play.svg" alt="Disponível no Google Play" width="192" height="52" />
          </a>
        </div>
      ) : null}
      {children}
    </Notice>
  );
}
