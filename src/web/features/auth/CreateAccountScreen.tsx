import { useEffect, useMemo, useRef, useState } from 'react';
import { useActorSelector as useSelector } from '../../journey/useActorSelector';
import { getStates } from '@brazilian-utils/brazilian-utils/get-states';
import { Button } from '../../ui/Button/Button';
import { Checkbox } from '../../ui/Checkbox/Checkbox';
import { ComboBox } from '../../ui/ComboBox/ComboBox';
import { CurrencyField } from '../../ui/CurrencyField/CurrencyField';
import { Modal } from '../../ui/Modal/Modal';
import { formatCnpj } from '@brazilian-utils/brazilian-utils/format-cnpj';
import { billValueNeedsConfirmation, PLAUSIBLE_MIN_BILL_BRL } from '#shared/bill/rules';
import { formatBRL } from '#shared/money';
import { LoadingScreen } from '../../ui/LoadingScreen/LoadingScreen';
import { Link } from '../../ui/Link/Link';
import { Select } from '../../ui/Select/Select';
import { TextField } from '../../ui/TextField/TextField';
import { useScreenErrorToasts } from '../../ui/Toast/useScreenToasts';
import { focusFirstInvalid } from '../../ui/Field/focusFirstInvalid';
import { AuthLayout } from '../../ui/AuthLayout/AuthLayout';
import { useAuthActor, useJourney, useJourneyActor, type AuthActor } from '../../journey/JourneyContext';
import { PATHS } from '#shared/routes';
import { useGo } from '../../journey/useGo';
import { readBill } from '../../journey/session';
import { BUSINESS_UNIT_TYPES, PERSONAL_UNIT_TYPES, UNIT_TYPE_LABELS } from '#shared/auth/payloads';
import { messages as m, t } from '#shared/messages';
import { Notice } from '../../ui/Notice/Notice';
import type { RegistrationForm } from '#machines/auth/authMachine';
import { useCities } from './parts/useCities';
import * as s from './parts/authForm.css';

/** '00.000.000/0000-00' */
const CNPJ_MASK_LENGTH = 18;

const STATES = getStates().map((st) => ({ id: st.code, name: st.name }));

interface Draft {
  name: string; email: string; state: string; city: number | null; unit_type: string;
  bill: number | null; coupon: string; cnpj: string; terms: boolean;
}

function initialDraft(saved: RegistrationForm | null, coupon: string | null): Draft {
  if (saved) return { cnpj: '', ...saved } as Draft;
  return {
    name: '', email: '', state: '', city: null, unit_type: '', bill: readBill(), coupon: coupon ?? '', cnpj: '', terms: false,
  };
}

function RegistrationFormView({ auth }: { auth: AuthActor }) {
  const journey = useJourneyActor();
  const ctx = useSelector(auth, (snap) => snap.context);
  const busy = useSelector(auth, (snap) => snap.hasTag('busy'));
  const savedCoupon = useJourney((snap) => snap.context.coupon);
  const business = ctx.registerType === 'business';
  const [draft, setDraft] = useState<Draft>(() => initialDraft(ctx.registrationDraft, savedCoupon));
  const { cities, loading: citiesLoading, failed: citiesFailed, retry: retryCities } = useCities(draft.state);
  const errors = ctx.registrationErrors;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const formRef = useRef<HTMLFormElement>(null);
  const showError = useScreenErrorToasts();

  useEffect(() => {
    if (ctx.registrationFailure) showError(m[ctx.registrationFailure]);
  }, [ctx.registrationFailure, showError]);
  // a refused submit (form rules, or the server naming an input) puts the keyboard on the first wrong field
  useEffect(() => {
    if (Object.keys(errors).length > 0) focusFirstInvalid(formRef.current);
  }, [errors]);

  const unitOptions = useMemo(
    () => (business ? BUSINESS_UNIT_TYPES : PERSONAL_UNIT_TYPES).map((id) => ({ id, name: UNIT_TYPE_LABELS[id] ?? id })),
    [business],
  );
  const cityOptions = useMemo(() => cities.map((c) => ({ id: String(c.city_id), name: c.name })), [cities]);

  // a bill under the plausible minimum (a slip of cents for reais?) is confirmed once before sending
  const [lowBillAsked, setLowBillAsked] = useState(false);
  const [lowBillConfirmed, setLowBillConfirmed] = useState<number | null>(null);
  const submit = (lowBillOk = false) => {
    if (!lowBillOk && billValueNeedsConfirmation(draft.bill) && lowBillConfirmed !== draft.bill) {
      setLowBillAsked(true);
      return;
    }
    const common = {
      name: draft.name, email: draft.email, state: draft.state, city: draft.city, unit_type: draft.unit_type,
      bill: draft.bill, coupon: draft.coupon, terms: draft.terms,
    };
    const form: RegistrationForm = business
      ? { kind: 'business', ...common, cnpj: draft.cnpj }
      : { kind: 'personal', ...common, hasPartnership: false };
    auth.send({ type: 'account.submit', form });
  };

  return (
    <>
      <h1 className={s.title}>{business ? 'Dados da empresa' : 'Seus dados'}</h1>
      <p className={s.lead}>Falta pouco: complete o cadastro para calcular sua economia.</p>
      <form ref={formRef} className={s.form} noValidate onSubmit={(e) => { e.preventDefault(); submit(); }}>
        {ctx.registrationFailure ? <Notice tone="error">{m[ctx.registrationFailure]}</Notice> : null}
        {business ? (
          <TextField
            label="CNPJ"
            // 00.000.000/0000-00 as typed (letters too: the alphanumeric CNPJ), 14 characters at most
            value={draft.cnpj}
            onChange={(v) => set('cnpj', formatCnpj(v, { version: 2 }))}
            errorMessage={t(errors.cnpj)}
            isRequired
            showRequired
            autoComplete="off"
            placeholder="00.000.000/0000-00"
            maxLength={CNPJ_MASK_LENGTH}
            autoFocus
          />
        ) : null}
        <TextField
          label={business ? 'Razão social' : 'Nome'}
          value={draft.name}
          onChange={(v) => set('name', v)}
          errorMessage={t(errors.name)}
          isRequired
          showRequired
          autoComplete={business ? 'organization' : 'name'}
          // the code screen's boxes are gone with the focus in them: the form starts at its first field
          autoFocus={!business}
        />
        <TextField label="E-mail" type="email" value={draft.email} onChange={(v) => set('email', v)} errorMessage={t(errors.email)} isRequired showRequired autoComplete="email" />
        <div className={s.twoColumns}>
          <Select
            label="Estado"
            options={STATES}
            value={draft.state || null}
            onChange={(id) => setDraft((d) => ({ ...d, state: id ?? '', city: null }))}
            errorMessage={t(errors.state)}
            showRequired
          />
          <ComboBox
            label="Cidade"
            options={cityOptions}
            value={draft.city === null ? null : String(draft.city)}
            onChange={(id) => set('city', id ? Number(id) : null)}
            isDisabled={!draft.state || citiesLoading || citiesFailed}
            description={draft.state ? undefined : m['common.form.city.required']}
            errorMessage={t(errors.city)}
            showRequired
          />
        </div>
        {citiesFailed ? (
          <Notice tone="error">
            <p>{m['common.form.city.loadFailed']}{' '}<Button variant="link" onPress={retryCities}>{m['common.form.city.retry']}</Button></p>
          </Notice>
        ) : null}
        <div className={s.twoColumns}>
          <Select
            label="Tipo de imóvel"
            options={unitOptions}
            value={draft.unit_type || null}
            onChange={(id) => set('unit_type', id ?? '')}
            errorMessage={t(errors.unit_type)}
            showRequired
          />
          <CurrencyField label="Valor da conta" value={draft.bill} onChange={(v) => set('bill', v)} errorMessage={t(errors.bill)} showRequired />
        </div>
        <TextField
          label="Cupom"
          value={draft.coupon}
          onChange={(v) => set('coupon', v.toUpperCase())}
          errorMessage={t(errors.coupon)}
          autoComplete="off"
        />
        <Checkbox isSelected={draft.terms} onChange={(v) => set('terms', v)} errorMessage={t(errors.terms)}>
          Li e concordo com os Termos de uso e a{' '}
          <Link href="/politica-de-privacidade.pdf" external>Política de privacidade</Link>
        </Checkbox>
        <Button type="submit" isPending={busy} fullWidth>Cadastrar</Button>
        <Button variant="ghost" isDisabled={busy} onPress={() => journey.send({ type: 'code.back' })}>Voltar</Button>
      </form>
      <Modal
        isOpen={lowBillAsked}
        onOpenChange={(open) => { if (!open) setLowBillAsked(false); }}
        size="sm"
        role="alertdialog"
        title={m['bill.value.low.title']}
        footer={(
          <>
            <Button variant="secondary" onPress={() => setLowBillAsked(false)}>{m['bill.value.low.fix']}</Button>
            <Button
              onPress={() => {
                setLowBillAsked(false);
                setLowBillConfirmed(draft.bill);
                submit(true);
              }}
            >
              {m['bill.value.low.confirm']}
            </Button>
          </>
        )}
      >
        <p>
          {m['bill.value.low.body'].replace('{value}', formatBRL(draft.bill ?? 0)).replace('{minimum}', formatBRL(PLAUSIBLE_MIN_BILL_BRL))}
        </p>
      </Modal>
    </>
  );
}

/** /pt/create-account (spec §2 "Sign-up data screen"): personal or company form per 'register-type'. */
export default function CreateAccountScreen() {
  const auth = useAuthActor();
  const go = useGo();
  // the thank-you countdown lasts 3 s: have its screen loaded before the form is sent, not during it
  useEffect(() => { void import('./ThankYouScreen'); }, []);
  if (!auth) return <LoadingScreen />;
  return <RegistrationLayout auth={auth} onHome={() => go(PATHS.landing)} />;
}

function RegistrationLayout({ auth, onHome }: { auth: AuthActor; onHome: () => void }) {
  const business = useSelector(auth, (snap) => snap.context.registerType === 'business');
  return (
    <AuthLayout
      onHome={onHome}
      variant={business ? 'business' : 'personal'}
      panelTitle={business ? 'Energia solar para a sua empresa, sem investimento.' : undefined}
    >
      <RegistrationFormView auth={auth} />
    </AuthLayout>
  );
}
