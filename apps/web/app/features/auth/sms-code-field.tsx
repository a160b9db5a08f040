import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, fieldAria } from '../../components/ui/form-field.tsx';
import { explainError } from './api-errors.ts';
import type { FormMessage } from './form-result.tsx';
import { useCountdown } from './use-countdown.ts';

/** The number the code went to, with 「更換號碼」 back to the first step. */
export function ChosenNumber({ account, onChangeNumber }: { account: string; onChangeNumber(): void }) {
  return (
    <div className="auth-form__account">
      <span>
        手機號碼 <strong>{account}</strong>
      </span>
      <button type="button" className="text-button" onClick={onChangeNumber}>
        更換號碼
      </button>
    </div>
  );
}

interface SmsCodeFieldProps {
  id: string;
  error: string | undefined;
  /** Where the code went and how long it holds. */
  note: string;
  /** Seconds until another code may be asked for. */
  resendIn: number;
  onResend(): void;
  field: UseFormRegisterReturn;
}

/** The 6-digit SMS code, with 「重新發送」 once the server's cooldown has passed. */
export function SmsCodeField({ id, error, note, resendIn, onResend, field }: SmsCodeFieldProps) {
  return (
    <FormField id={id} label="簡訊驗證碼" required error={error} hint={note}>
      <div className="code-row">
        <input
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="6 位數字"
          {...fieldAria(id, error, true)}
          {...field}
          required
        />
        <button type="button" className="button button--ghost" disabled={resendIn > 0} onClick={onResend}>
          {resendIn > 0 ? `重新發送（${resendIn} 秒）` : '重新發送'}
        </button>
      </div>
    </FormField>
  );
}

interface CodeResendOptions {
  /** The note under the code field before any resend. */
  firstNote: string;
  /** The note once a new code went out. */
  resentNote: string;
  send(): Promise<{ resend_after: number }>;
  /** Starts the cooldown. */
  onResent(seconds: number): void;
  /** The form's result line: cleared first, a failure's text after. */
  setMessage(message: FormMessage): void;
}

/** 「重新發送」: a new code, the note under the field saying so, a failure in the form's result line. */
export function useCodeResend({ firstNote, resentNote, send, onResent, setMessage }: CodeResendOptions) {
  const [note, setNote] = useState(firstNote);
  const resend = async () => {
    setMessage(null);
    try {
      onResent((await send()).resend_after);
      setNote(resentNote);
    } catch (error) {
      setMessage({ ok: false, text: explainError(error, []).message });
    }
  };
  return { note, resend: () => void resend() };
}

/** The code the second step works with: where it went, the cooldown, and the ways back. */
export interface SentCode {
  account: string;
  /** Seconds until another code may be asked for. */
  resendIn: number;
  onResent(seconds: number): void;
  onChangeNumber(): void;
}

/**
 * The two steps of a form that checks the number by SMS: `sent` is null on the first step (the number)
 * and holds the code's state on the second; `codeSent` moves on and starts the cooldown.
 */
export function useSmsCodeSteps() {
  const [account, setAccount] = useState<string | null>(null);
  const [resendIn, startCountdown] = useCountdown();
  const sent: SentCode | null =
    account === null ? null : { account, resendIn, onResent: startCountdown, onChangeNumber: () => setAccount(null) };
  const codeSent = (number: string, resendAfter: number) => {
    setAccount(number);
    startCountdown(resendAfter);
  };
  return { sent, codeSent };
}
