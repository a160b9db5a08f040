import { useId, useState, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import type { AccountInput } from '@shop/domain';
import { FormField, fieldAria } from '../../components/ui/form-field.tsx';
import { AuthSubmitButton } from './auth-submit-button.tsx';
import { FormResult, failureMessage } from './form-result.tsx';
import { lazyResolver, preloadMemberResolvers } from './lazy-resolver.ts';

interface MobileNumberFieldProps {
  id: string;
  label: string;
  hint?: string;
  autoComplete: 'tel' | 'username';
  error: string | undefined;
  field: UseFormRegisterReturn;
}

/** A Taiwan mobile number (09xxxxxxxx), the member's account: at login, sign-up and password reset. */
export function MobileNumberField({ id, label, hint, autoComplete, error, field }: MobileNumberFieldProps) {
  return (
    <FormField id={id} label={label} required error={error} hint={hint}>
      <input
        type="tel"
        inputMode="numeric"
        autoComplete={autoComplete}
        maxLength={10}
        placeholder="09xxxxxxxx"
        {...fieldAria(id, error, Boolean(hint))}
        {...field}
        required
      />
    </FormField>
  );
}

/** How the step's `send` tells the shopper what went wrong. */
export interface MobileStepOutcome {
  /** A message beside the number field. */
  fieldError(text: string): void;
  /** The form's result line. */
  message(text: string): void;
}

interface MobileNumberStepProps {
  label: string;
  hint: string;
  autoComplete: 'tel' | 'username';
  /** Above the field (the sign-up's steps). */
  steps?: ReactNode;
  /** Under the field instead of the failure's text (the sign-up's 「前往登入」 for a number taken). */
  note?: ReactNode;
  /** Asks for the SMS code (after whatever checks the step makes). */
  send(account: string, outcome: MobileStepOutcome): Promise<void>;
}

/** The first step of the sign-up and the password reset: the mobile number, then 「取得驗證碼」. */
export function MobileNumberStep({ label, hint, autoComplete, steps, note, send }: MobileNumberStepProps) {
  const id = useId();
  const [message, setMessage] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AccountInput>({ resolver: lazyResolver('mobile'), defaultValues: { account: '' }, mode: 'onTouched' });

  const onSubmit = handleSubmit(async ({ account }) => {
    setMessage('');
    await send(account, { fieldError: (text) => setError('account', { message: text }), message: setMessage });
  });

  const result = failureMessage(message);
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} onFocus={() => void preloadMemberResolvers()}>
      {steps}
      <MobileNumberField
        id={`${id}-account`}
        label={label}
        hint={hint}
        autoComplete={autoComplete}
        error={errors.account?.message}
        field={register('account')}
      />
      {note}
      <FormResult message={result && note ? { ...result, text: '' } : result} role="alert" />
      <AuthSubmitButton busy={isSubmitting} busyLabel="傳送中…" label="取得驗證碼" />
    </form>
  );
}
