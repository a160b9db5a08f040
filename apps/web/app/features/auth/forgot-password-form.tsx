import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { msg, type ResetPasswordFormInput } from '@shop/domain';
import { resetPassword, sendResetCode } from '../../api/members.ts';
import { useApi } from '../../api/use-api.ts';
import { ShopLink } from '../../components/shop-link.tsx';
import { explainError } from './api-errors.ts';
import { AuthSubmitButton } from './auth-submit-button.tsx';
import { FormResult, type FormMessage } from './form-result.tsx';
import { lazyResolver, preloadMemberResolvers } from './lazy-resolver.ts';
import { MobileNumberStep } from './mobile-number-step.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { ChosenNumber, SmsCodeField, useCodeResend, useSmsCodeSteps, type SentCode } from './sms-code-field.tsx';

/**
 * The forgotten password (issue 5): the mobile number, then the SMS code with a new password. The
 * shop says the same whether or not the number is registered (docs/decisions/012).
 */
export function ForgotPasswordForm() {
  const { sent, codeSent } = useSmsCodeSteps();
  const [done, setDone] = useState(false);
  if (done) {
    return (
      <div className="auth-form auth-form--done" role="status">
        <p className="form-result form-result--ok">{msg.passwordReset}</p>
        <ShopLink to="/login" className="button button--primary auth-form__submit">
          前往登入
        </ShopLink>
      </div>
    );
  }
  return sent === null ? (
    <ResetMobileStep onSent={codeSent} />
  ) : (
    <ResetPasswordStep sent={sent} onDone={() => setDone(true)} />
  );
}

function ResetMobileStep({ onSent }: { onSent(account: string, resendAfter: number): void }) {
  const api = useApi();
  return (
    <MobileNumberStep
      label="註冊的手機號碼"
      hint="我們會以簡訊傳送 6 位數驗證碼，用來設定新密碼。"
      autoComplete="username"
      send={async (account, outcome) => {
        try {
          const sent = await sendResetCode(api, account);
          onSent(account, sent.resend_after);
        } catch (error) {
          const { message, fieldErrors } = explainError(error, ['account'] as const);
          for (const e of fieldErrors) outcome.fieldError(e.msg);
          outcome.message(message);
        }
      }}
    />
  );
}

const RESET_FIELDS = ['verification_code', 'password', 'password_confirm'] as const;

function ResetPasswordStep({ sent, onDone }: { sent: SentCode; onDone(): void }) {
  const { account } = sent;
  const api = useApi();
  const id = useId();
  const [message, setMessage] = useState<FormMessage>(null);
  const code = useCodeResend({
    firstNote: msg.forgotPasswordSent,
    resentNote: `已重新發送。${msg.forgotPasswordSent}`,
    send: () => sendResetCode(api, account),
    onResent: sent.onResent,
    setMessage,
  });
  const form = useForm<ResetPasswordFormInput>({
    resolver: lazyResolver('reset'),
    defaultValues: { account, verification_code: '', password: '', password_confirm: '' },
    mode: 'onTouched',
  });
  const { register, setError } = form;
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      await resetPassword(api, {
        account,
        verification_code: values.verification_code.trim(),
        password: values.password,
      });
      onDone();
    } catch (error) {
      const { message, fieldErrors } = explainError(error, RESET_FIELDS);
      for (const e of fieldErrors) setError(e.field, { message: e.msg });
      setMessage({ ok: false, text: message });
    }
  });

  const codeId = `${id}-verification_code`;
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} onFocus={() => void preloadMemberResolvers()}>
      <ChosenNumber account={account} onChangeNumber={sent.onChangeNumber} />
      <input type="hidden" {...register('account')} />
      <SmsCodeField
        id={codeId}
        error={errors.verification_code?.message}
        note={code.note}
        resendIn={sent.resendIn}
        onResend={code.resend}
        field={register('verification_code')}
      />
      <NewPasswordFields idPrefix={id} label="新密碼" form={form} />
      <FormResult message={message} role="alert" />
      <AuthSubmitButton busy={isSubmitting} busyLabel="設定中…" label="設定新密碼" />
    </form>
  );
}
