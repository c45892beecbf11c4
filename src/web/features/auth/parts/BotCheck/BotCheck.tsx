import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type {} from 'altcha/types/react';
import { Checkbox } from '../../../../ui/Checkbox/Checkbox';
import { messages as m } from '#shared/messages';
import * as f from '../../../../ui/Field/Field.css';
import * as styles from './BotCheck.css';

/** Where the widget fetches its proof-of-work challenge (served by our API). */
export const BOT_CHECK_CHALLENGE_URL = '/api/v1/altcha/challenge';
/** Accessible name of the stub's checkbox; the real widget's pt-BR label is BOT_CHECK_LABEL. */
export const BOT_CHECK_STUB_LABEL = 'Não sou um robô';
/** The widget's pt-BR label (altcha/i18n/pt-br), which its stand-in shows until the widget's code is here. */
export const BOT_CHECK_LABEL = 'Eu não sou um robô';

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
  altchaLoading ??= import('altcha').then(() => import('altcha/i18n/pt-br')).then(() => undefined, (error: unknown) => {
    altchaLoading = null; // offline: the next touch asks again
    throw error;
  });
  return altchaLoading;
}

/** What makes the widget's code load: the visitor turning to the form (typing the phone, a tap, a Tab). */
const TOUCHES = ['keydown', 'pointerdown', 'focusin'] as const;

function AltchaBotCheck({ onVerified, onReset, resetSignal, challengeUrl = BOT_CHECK_CHALLENGE_URL }: BotCheckProps) {
  const ref = useRef<AltchaWidget | null>(null);
  const holder = useRef<HTMLDivElement>(null);
  // The widget's code (~35 KiB gzipped, and its start on the main thread) waits for the visitor to
  // turn to the form instead of loading with the page; until then a stand-in that looks the same
  // holds its place, and a tick on it starts the check as soon as the widget is here.
  const [wanted, setWanted] = useState(false);
  const [ready, setReady] = useState(false);
  const verifyOnReady = useRef(false);
  const standInFocused = useRef(false);
  const standInBox = useRef<HTMLInputElement>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const loadErrorId = useId();
  const handlers = useRef({ onVerified, onReset });
  handlers.current = { onVerified, onReset };

  useEffect(() => {
    if (wanted) return;
    const form = holder.current?.closest('form');
    if (!form) {
      setWanted(true);
      return;
    }
    // a touch on the stand-in itself is left to its change: swapping it between the press and the
    // click would lose the click (and the tick)
    const want = (event: Event) => {
      if (!holder.current?.contains(event.target as Node)) setWanted(true);
    };
    for (const touch of TOUCHES) form.addEventListener(touch, want, { passive: true });
    return () => {
      for (const touch of TOUCHES) form.removeEventListener(touch, want);
    };
  }, [wanted]);

  useEffect(() => {
    if (!wanted) return;
    let alive = true;
    loadAltcha().then(() => {
      if (alive) setReady(true);
    }, () => {
      if (!alive) return;
      // offline: the box is not ticked after all, and the next touch asks again
      if (verifyOnReady.current) setLoadFailed(true);
      verifyOnReady.current = false;
      if (standInBox.current) standInBox.current.checked = false;
      setWanted(false);
    });
    return () => {
      alive = false;
    };
  }, [wanted]);

  useEffect(() => {
    const el = ref.current;
    if (!ready || !el) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string | null }>).detail;
      if (detail.state === 'verified' && detail.payload) handlers.current.onVerified(detail.payload);
      else if (detail.state !== 'verifying') handlers.current.onReset?.();
    };
    el.addEventListener('statechange', onStateChange);
    const verify = verifyOnReady.current;
    verifyOnReady.current = false;
    // the element upgrades when its code is defined, which it is by now; the keyboard stays on the box
    void customElements.whenDefined('altcha-widget').then(() => {
      if (standInFocused.current) el.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
      if (verify) void el.verify?.();
    });
    return () => el.removeEventListener('statechange', onStateChange);
  }, [ready]);

  const firstSignal = useRef(resetSignal);
  useEffect(() => {
    if (resetSignal === firstSignal.current) return;
    firstSignal.current = resetSignal;
    ref.current?.reset?.();
    handlers.current.onReset?.();
  }, [resetSignal]);

  if (!ready) {
    return (
      <div ref={holder} className={styles.standInHolder}>
        <div className={styles.standIn}>
          <label className={styles.standInLabel}>
            <input
              ref={standInBox}
              type="checkbox"
              className={styles.standInBox}
              aria-describedby={loadFailed ? loadErrorId : undefined}
              onFocus={() => { standInFocused.current = true; }}
              onBlur={() => { standInFocused.current = false; }}
              onChange={(event) => {
                if (!event.currentTarget.checked) return;
                verifyOnReady.current = true;
                setLoadFailed(false);
                setWanted(true);
              }}
            />
            {BOT_CHECK_LABEL}
          </label>
        </div>
        {loadFailed ? <span id={loadErrorId} className={f.error} role="alert">{m['common.error.network']}</span> : null}
      </div>
    );
  }
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
    <div className={styles.standIn}>
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
