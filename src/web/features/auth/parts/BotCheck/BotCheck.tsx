import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type {} from 'altcha/types/react';
import { Checkbox } from '../../../../ui/Checkbox/Checkbox';
import * as f from '../../../../ui/Field/Field.css';
import * as styles from './BotCheck.css';

/** Where the widget fetches its proof-of-work challenge (served by our API). */
export const BOT_CHECK_CHALLENGE_URL = '/api/v1/altcha/challenge';
/** Accessible name of the stub's checkbox; the real widget's pt-BR label is 'Eu não sou um robô'. */
export const BOT_CHECK_STUB_LABEL = 'Não sou um robô';

/**
 * Replaces the ALTCHA widget (tests in happy-dom have no Web Workers): the stub yields `payload`
 * as if the proof of work had been solved. Never mounted in production code paths.
 */
export interface BotCheckStub {
  /** What `onVerified` receives (e.g. a payload solved in Node with altcha-lib). */
  payload: string;
  /** Yield the payload as soon as the stub mounts (and after each reset). @default true */
  auto?: boolean;
}

const BotCheckStubContext = createContext<BotCheckStub | null>(null);

/** Wrap a test's tree to swap the real widget for a stub: `<BotCheckProvider stub={{ payload }}>`. */
export function BotCheckProvider({ stub, children }: { stub: BotCheckStub; children: ReactNode }) {
  return <BotCheckStubContext.Provider value={stub}>{children}</BotCheckStubContext.Provider>;
}

export interface BotCheckProps {
  /** The widget's base64 payload, to send as `recaptcha` in the Queue_sms request. */
  onVerified: (payload: string) => void;
  /** The payload is gone (expired, error, reset): the form must wait for a new one. */
  onReset?: () => void;
  /** Shown under the widget (e.g. messages['code.RECAPTCHA_REQUIRED']). */
  errorMessage?: string;
  /**
   * Change this value to start over (a payload is single use: after a refused request, bump it).
   * The first value does nothing.
   */
  resetSignal?: unknown;
  /** @default BOT_CHECK_CHALLENGE_URL */
  challengeUrl?: string;
  className?: string;
}

type AltchaWidget = HTMLElementTagNameMap['altcha-widget'];

/** Loads the widget and its pt-BR strings once, on first use (keeps it out of other routes' JS). */
let altchaLoading: Promise<void> | null = null;
function loadAltcha(): Promise<void> {
  altchaLoading ??= import('altcha').then(() => import('altcha/i18n/pt-br')).then(() => undefined);
  return altchaLoading;
}

function AltchaBotCheck({ onVerified, onReset, resetSignal, challengeUrl = BOT_CHECK_CHALLENGE_URL }: BotCheckProps) {
  const ref = useRef<AltchaWidget | null>(null);
  const [ready, setReady] = useState(false);
  const handlers = useRef({ onVerified, onReset });
  handlers.current = { onVerified, onReset };

  useEffect(() => {
    let alive = true;
    void loadAltcha().then(() => {
      if (alive) setReady(true);
    });
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!ready || !el) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string | null }>).detail;
      if (detail.state === 'verified' && detail.payload) handlers.current.onVerified(detail.payload);
      else if (detail.state !== 'verifying') handlers.current.onReset?.();
    };
    el.addEventListener('statechange', onStateChange);
    return () => el.removeEventListener('statechange', onStateChange);
  }, [ready]);

  const firstSignal = useRef(resetSignal);
  useEffect(() => {
    if (resetSignal === firstSignal.current) return;
    firstSignal.current = resetSignal;
    ref.current?.reset?.();
    handlers.current.onReset?.();
  }, [resetSignal]);

  return (
    <altcha-widget
      ref={ref}
      className={styles.widget}
      challenge={challengeUrl}
      language="pt-br"
      name="recaptcha"
      type="checkbox"
      configuration={JSON.stringify({ hideFooter: true })}
    />
  );
}

function StubBotCheck({ stub, onVerified, onReset, resetSignal }: BotCheckProps & { stub: BotCheckStub }) {
  const auto = stub.auto ?? true;
  const [checked, setChecked] = useState(false);
  const handlers = useRef({ onVerified, onReset });
  handlers.current = { onVerified, onReset };

  useEffect(() => {
    if (!auto) {
      setChecked(false);
      return;
    }
    setChecked(true);
    handlers.current.onVerified(stub.payload);
  }, [auto, stub.payload, resetSignal]);

  return (
    <div className={styles.stub}>
      <Checkbox
        isSelected={checked}
        onChange={(isSelected) => {
          setChecked(isSelected);
          if (isSelected) handlers.current.onVerified(stub.payload);
          else handlers.current.onReset?.();
        }}
      >
        {BOT_CHECK_STUB_LABEL}
      </Checkbox>
    </div>
  );
}

/**
 * The bot check (ALTCHA proof of work, self-hosted): a checkbox labelled 'Eu não sou um robô'.
 * The widget code is loaded lazily. Inside a `BotCheckProvider` a stub stands in for it.
 */
export function BotCheck(props: BotCheckProps) {
  const stub = useContext(BotCheckStubContext);
  return (
    <div className={[styles.wrap, props.className].filter(Boolean).join(' ')}>
      {stub ? <StubBotCheck {...props} stub={stub} /> : <AltchaBotCheck {...props} />}
      {props.errorMessage ? (
        <span className={f.error} role="alert">
          {props.errorMessage}
        </span>
      ) : null}
    </div>
  );
}
