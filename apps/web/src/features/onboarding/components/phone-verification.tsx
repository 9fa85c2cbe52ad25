import { DEFAULT_CITY } from '@lokal/shared/constants/discovery';
import {
  codeCheckMessage,
  ONBOARDING_MESSAGES,
  PHONE_MIN_LENGTH,
  smsSendMessage,
} from '@lokal/shared/constants/onboarding';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { sendCode } from '../api/send-code.ts';
import { verifyCode } from '../api/verify-code.ts';
import { BotCheckError, useBotCheck } from '../hooks/use-bot-check.ts';

type Props = {
  phone: string;
  verified: boolean;
  onChange: (phone: string, verified: boolean) => void;
  /** The user's detected or chosen city: a number typed without its country code is read as one of there. */
  city?: string;
  /** A number already verified on this account counts at once: the wizard moves on to its next step. */
  onAlreadyVerified?: () => void;
};

// Number, then code, then verified (docs/product.md#onboarding); the server owns every rule.
// Focus follows the flow for keyboard users: to the code field when a code is sent, to the confirmation
// once verified. While a call runs the fields are read-only and the buttons refuse a second press rather
// than being disabled, which would drop the focus they hold onto the page body.
export function PhoneVerification({ phone, verified, onChange, city, onAlreadyVerified }: Props) {
  const home = city && city !== DEFAULT_CITY ? city : undefined;
  const codeField = useRef<HTMLInputElement>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);
  const [focusNext, setFocusNext] = useState<'code' | 'confirmation' | null>(null);
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [wait, setWait] = useState(0);
  const bot = useBotCheck();

  useEffect(() => {
    if (wait <= 0) return;
    const t = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(t);
  }, [wait]);

  useEffect(() => {
    if (!focusNext) return;
    (focusNext === 'code' ? codeField : confirmation).current?.focus();
    setFocusNext(null);
  }, [focusNext]);

  async function send() {
    if (busy) return;
    if (phone.trim().length < PHONE_MIN_LENGTH) {
      setError(ONBOARDING_MESSAGES.invalidPhone);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await sendCode(phone, home, await bot.take());
      if (res.status === 'already-verified') {
        toast.success(ONBOARDING_MESSAGES.phoneAlreadyVerified);
        onChange(res.phone, true);
        onAlreadyVerified?.();
      } else {
        // The number as the server read it (E.164, with its country code): the code is checked against it.
        onChange(res.phone, false);
        setCodeSent(true);
        setFocusNext('code');
        setWait(res.resendAfter);
        toast.success(ONBOARDING_MESSAGES.codeSent);
      }
    } catch (err) {
      const code = err instanceof ApiError ? err.code : undefined;
      if (err instanceof BotCheckError) setError(err.message);
      else if (
        err instanceof ApiError &&
        err.status === 400 &&
        err.message === ONBOARDING_MESSAGES.invalidPhone
      ) {
        setError(err.message);
      } else setError(smsSendMessage(code));
    } finally {
      setBusy(false);
    }
  }

  async function verify() {
    if (busy) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setError(ONBOARDING_MESSAGES.invalidCode);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await verifyCode(phone, code.trim(), home);
      toast.success(
        res.status === 'already-verified'
          ? ONBOARDING_MESSAGES.phoneAlreadyVerified
          : ONBOARDING_MESSAGES.phoneVerified,
      );
      onChange(res.phone, true);
      if (res.status === 'already-verified') onAlreadyVerified?.();
      else setFocusNext('confirmation');
    } catch (err) {
      setError(codeCheckMessage(err instanceof ApiError ? err.code : undefined));
    } finally {
      setBusy(false);
    }
  }

  if (verified) {
    return (
      <>
        <div ref={bot.host} hidden />
        <p
          ref={confirmation}
          tabIndex={-1}
          className="flex items-center gap-2 rounded-xl bg-sage/10 p-4 text-sage outline-none"
          role="status"
        >
          <CheckCircle2 className="h-5 w-5" aria-hidden />
          <span>
            <strong>{phone}</strong> is verified.
          </span>
        </p>
      </>
    );
  }

  return (
    <div className="space-y-4">
      {/* The invisible bot check's widget (use-bot-check.ts). */}
      <div ref={bot.host} hidden />
      <Field
        label="Phone number"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+1 415 555 0199"
        hint={
          home
            ? `Without a country code, we read it as a number in ${home}. We text you a 6-digit code.`
            : 'With your country code. We text you a 6-digit code.'
        }
        value={phone}
        onChange={(e) => {
          onChange(e.target.value, false);
          setCodeSent(false);
        }}
        onKeyDown={(e) => {
          // Enter in the number sends the code, as Enter in the code checks it.
          if (e.key === 'Enter' && !codeSent) {
            e.preventDefault();
            void send();
          }
        }}
        readOnly={busy}
      />
      {codeSent ? (
        <Field
          ref={codeField}
          label="Verification code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void verify();
            }
          }}
          readOnly={busy}
        />
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {codeSent ? (
          <>
            <Button onClick={verify} aria-disabled={busy || undefined}>
              {busy ? 'Checking…' : 'Verify code'}
            </Button>
            <Button variant="outline" onClick={send} disabled={wait > 0} aria-disabled={busy || undefined}>
              {wait > 0 ? `Resend in ${wait}s` : 'Resend code'}
            </Button>
          </>
        ) : (
          <Button onClick={send} aria-disabled={busy || undefined}>
            {busy ? 'Sending…' : 'Send code'}
          </Button>
        )}
      </div>
    </div>
  );
}
