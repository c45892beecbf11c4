import { useEffect, useRef, useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { ContractEvent, contractMachine } from '#machines/contract/contractMachine';
import type { ContractItem } from '#shared/contract/payloads';
import { canSign, installationCanFollow, signingStep } from '#shared/contract/rules';
import { TERMS_OF_USE } from '#shared/contract/termsOfUse';
import { fill, messages as m, type MessageKey } from '#shared/messages';
import { SCREENS } from '#shared/routes';
import { Button } from '../../ui/Button/Button';
import { Checkbox } from '../../ui/Checkbox/Checkbox';
import { PageLoading } from '../../ui/Page/PageLoading';
import { SCREEN_HEADS } from '#shared/screenHeads';
import { Modal } from '../../ui/Modal/Modal';
import { Notice } from '../../ui/Notice/Notice';
import { Page } from '../../ui/Page/Page';
import { useTitleAfterRetry } from '../../ui/Page/useTitleAfterRetry';
import { SigningFrame } from '../../ui/SigningFrame/SigningFrame';
import * as s from './ContractPage.css';

export type SigningSnapshot = SnapshotFrom<typeof contractMachine>;

export interface ContractPageProps {
  state: SigningSnapshot;
  send: (event: ContractEvent) => SigningSnapshot;
}

const TITLE = SCREENS.customersSignature.title;
const NAME_KEY: Record<ContractItem['type'], MessageKey> = {
  ADHESION_TERM: 'contract.adhesion', POWER_OF_ATTORNEY: 'contract.procuration', CONTRACT_UNIFIED: 'contract.unified', PURCHASE_CONTRACT: 'payment.contract.purchase',
};

/** The FAQ link of the step bar: its answer opens on hover and on keyboard focus (spec §2). */
function FaqLink() {
  const [open, setOpen] = useState(false);
  return (
    <span className={s.faq} onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <Button variant="link" aria-expanded={open} aria-controls="contracts-faq" onFocus={() => setOpen(true)} onBlur={() => setOpen(false)} onPress={() => setOpen((o) => !o)}>
        {m['contract.faq']}
      </Button>
      {open ? <span id="contracts-faq" role="tooltip" className={s.faqTip}>{m['contract.faq.text']}</span> : null}
    </span>
  );
}

/** The terms of use: accept waits until the text is scrolled to its end (spec §4). */
function TermsText({ onEnd }: { onEnd: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  const check = () => {
    const el = box.current;
    if (el && el.scrollTop + el.clientHeight >= el.scrollHeight - 4) onEnd();
  };
  // a text that fits without scrolling is read as it is shown
  useEffect(check);
  return (
    <div ref={box} className={s.terms} onScroll={check} tabIndex={0} role="region" aria-label={m['terms.title']}>
      {TERMS_OF_USE.map((part) => (
        <div key={part.title}>
          <h3 className={s.termsTitle}>{part.title}</h3>
          <p className={s.termsText}>{part.text}</p>
        </div>
      ))}
    </div>
  );
}

/** The contracts page (spec §2 "Contracts page"): the cards, the terms of use, the way to the project. */
export function ContractPage({ state, send }: ContractPageProps) {
  const c = state.context;
  const settled = !state.matches('loading') && !state.matches('deciding');
  const { titleRef, retrying } = useTitleAfterRetry(settled);
  const followRef = useRef<HTMLDivElement>(null);
  const following = state.matches('followView') || state.matches('following');
  useEffect(() => { if (following) followRef.current?.focus(); }, [following]);

  if (!settled || state.matches('leaving')) return <PageLoading head={SCREEN_HEADS.customersSignature} />;
  if (state.matches('loadFailed')) {
    return (
      <Page title={TITLE} titleRef={titleRef} width="wide">
        <Notice tone="error">{m['contract.load.error']}</Notice>
        <div><Button variant="secondary" onPress={() => { retrying(); send({ type: 'page.retry' }); }}>{m['contract.retry']}</Button></div>
      </Page>
    );
  }
  const data = c.data!;
  const step = signingStep(data.contracts);
  const termsAccepted = data.termsAcceptedAt !== null;
  const canFollow = installationCanFollow(data.contracts, termsAccepted);
  const unified = data.contracts.some((x) => x.type === 'CONTRACT_UNIFIED');
  const open = data.contracts.find((x) => x.id === c.openId) ?? null;
  const checking = state.matches('checking');

  if (following) {
    return (
      <Page title={TITLE} titleRef={titleRef} width="wide">
        <div ref={followRef} tabIndex={-1} className={s.follow}>
          <Notice tone="success">{m['contract.allSigned']}</Notice>
          <h2 className={s.cardTitle}>{m['contract.success.title']}</h2>
          <p className={s.muted}>{m['contract.success.text']}</p>
          {c.error ? <Notice tone="error">{m[c.error]}</Notice> : null}
          <Button variant="primary" onPress={() => send({ type: 'project.follow' })} isPending={state.matches('following')}>{m['contract.success.go']}</Button>
        </div>
      </Page>
    );
  }

  return (
    <Page title={TITLE} titleRef={titleRef} lead={m['contract.lead']} width="wide" busy={checking}>
      <div className={s.section}>
        {step === 2 ? <Notice tone="success">{m['contract.allSigned']}</Notice> : null}
        {c.error ? <Notice tone="error">{m[c.error]}</Notice> : null}
        <ul className={s.cards} aria-label={TITLE}>
          {data.contracts.map((contract, i) => {
            const signable = canSign(data.contracts, contract.type);
            const label = m[NAME_KEY[contract.type]];
            return (
              <li key={contract.id} className={s.card}>
                <div className={s.cardHead}>
                  <h2 className={s.cardTitle}>{label}</h2>
                  <span className={contract.is_client_signed ? s.pillOf.signed : signable ? s.pillOf.pending : s.pillOf.locked}>
                    {contract.is_client_signed ? m['contract.signed'] : signable ? m['contract.pending'] : m['contract.locked']}
                  </span>
                </div>
                {unified ? null : <span className={s.stepNo}>{fill('contract.step', { n: i + 1, of: data.contracts.length + 1 })}</span>}
                <div className={s.actions}>
                  {contract.is_client_signed ? null : (
                    <Button variant="primary" isDisabled={!signable} onPress={() => send({ type: 'contract.open', contractId: contract.id })} aria-label={`${m['contract.sign']}: ${label}`}>
                      {m['contract.sign']}
                    </Button>
                  )}
                  {contract.is_client_signed && contract.url.startsWith('/') ? (
                    <a href={`/sign/${encodeURIComponent(contract.key)}/document.pdf`} target="_blank" rel="noopener noreferrer">{`${m['contract.download']}: ${label}`}</a>
                  ) : null}
                </div>
              </li>
            );
          })}
          {unified ? null : (
            <li className={s.card}>
              <div className={s.cardHead}>
                <h2 className={s.cardTitle}>{m['contract.termsOfUse']}</h2>
                <span className={termsAccepted ? s.pillOf.signed : step === 2 ? s.pillOf.pending : s.pillOf.locked}>
                  {termsAccepted ? m['contract.signed'] : step === 2 ? m['contract.pending'] : m['contract.locked']}
                </span>
              </div>
              <span className={s.stepNo}>{fill('contract.step', { n: data.contracts.length + 1, of: data.contracts.length + 1 })}</span>
              <Checkbox
                isSelected={termsAccepted || state.matches('terms') || state.matches('accepting')}
                isDisabled={termsAccepted || step !== 2}
                onChange={(on) => { if (on) send({ type: 'terms.open' }); }}
              >
                {m['terms.accept']}
              </Checkbox>
            </li>
          )}
        </ul>
        <div className={s.actions}>
          <Button variant="primary" isDisabled={!canFollow} onPress={() => send({ type: 'installation.follow' })}>{m['contract.follow']}</Button>
        </div>
        <nav className={s.stepBar} aria-label={m['contract.steps']}>
          <Button variant="secondary" onPress={() => send({ type: 'steps.back' })}>{m['contract.back']}</Button>
          <FaqLink />
          <Button variant="secondary" isDisabled={!canFollow} onPress={() => send({ type: 'steps.next' })}>{m['contract.next']}</Button>
        </nav>
      </div>

      <Modal
        isOpen={(state.matches('framing') || checking) && open !== null}
        onOpenChange={(isOpen) => { if (!isOpen) send({ type: 'frame.close' }); }}
        title={open ? m[NAME_KEY[open.type]] : ''}
        size={open?.type === 'POWER_OF_ATTORNEY' ? 'lg' : 'xl'}
        isLoading={checking}
        footer={<Button variant="secondary" onPress={() => send({ type: 'frame.close' })} isPending={checking}>{m['contract.frame.close']}</Button>}
      >
        {open ? <SigningFrame contract={open} origin={data.frameOrigin} onSigned={() => send({ type: 'frame.signed' })} /> : null}
      </Modal>

      <Modal
        isOpen={state.matches('terms') || state.matches('accepting')}
        onOpenChange={(isOpen) => { if (!isOpen) send({ type: 'terms.decline' }); }}
        title={m['terms.title']}
        isLoading={state.matches('accepting')}
        size="lg"
        footer={(
          <>
            <Button variant="secondary" onPress={() => send({ type: 'terms.decline' })} isDisabled={state.matches('accepting')}>{m['terms.decline']}</Button>
            <Button variant="primary" onPress={() => send({ type: 'terms.accept' })} isDisabled={!c.termsRead} isPending={state.matches('accepting')}>{m['terms.accept']}</Button>
          </>
        )}
      >
        {c.termsRead ? null : <p className={s.muted}>{m['terms.scrollHint']}</p>}
        {c.error === 'terms.error' ? <Notice tone="error">{m['terms.error']}</Notice> : null}
        <TermsText onEnd={() => { if (!c.termsRead) send({ type: 'terms.scrolledToEnd' }); }} />
      </Modal>
    </Page>
  );
}
