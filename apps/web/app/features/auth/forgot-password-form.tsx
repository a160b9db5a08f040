import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PASSWORD_MAX, msg, type AccountInput, type ResetPasswordFormInput } from '@shop/domain';
import { resetPassword, sendResetCode } from '../../api/members.ts';
import { useApi } from '../../api/use-api.ts';
import { ShopLink } from '../../components/shop-link.tsx';
import { FormField, fieldAria } from '../../components/ui/form-field.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { explainError } from './api-errors.ts';
import { lazyResolver, preloadMemberResolvers } from './lazy-resolver.ts';
import { useCountdown } from './use-countdown.ts';

/**
 * The forgotten password (issue 5): the mobile number, then the SMS code with a new password. The
 * shop says the same whether or not the number is registered (docs/decisions/012).
 */
export function ForgotPasswordForm() {
  const [account, setAccount] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [resendIn, startCountdown] = useCountdown();
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
  return account === null ? (
    <ResetMobileStep
      onSent={(number, wait) => {
        setAccount(number);
        startCountdown(wait);
      }}
    />
  ) : (
    <ResetPasswordStep
      account={account}
      resendIn={resendIn}
      onResent={startCountdown}
      onChangeNumber={() => setAccount(null)}
      onDone={() => setDone(true)}
    />
  );
}

function ResetMobileStep({ onSent }: { onSent(account: string, resendAfter: number): void }) {
  const api = useApi();
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
    try {
      const sent = await sendResetCode(api, account);
      onSent(account, sent.resend_after);
    } catch (error) {
      const { message, fieldErrors } = explainError(error, ['account'] as const);
      for (const e of fieldErrors) setError(e.field, { message: e.msg });
      setMessage(message);
    }
  });

  const accountId = `${id}-account`;
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} onFocus={() => void preloadMemberResolvers()}>
      <FormField
        id={accountId}
        label="註冊的手機號碼"
        required
        error={errors.account?.message}
        hint="我們會以簡訊傳送 6 位數驗證碼，用來設定新密碼。"
      >
        <input
          type="tel"
          inputMode="numeric"
          autoComplete="username"
          maxLength={10}
          placeholder="09xxxxxxxx"
          {...fieldAria(accountId, errors.account?.message, true)}
          {...register('account')}
          required
        />
      </FormField>
      <p className={`form-result${message ? ' form-result--error' : ''}`} role="alert">
        {message}
      </p>
      <button type="submit" className="button button--primary auth-form__submit" disabled={isSubmitting}>
        {isSubmitting ? '傳送中…' : '取得驗證碼'}
      </button>
    </form>
  );
}

const RESET_FIELDS = ['verification_code', 'password', 'password_confirm'] as const;

interface ResetPasswordStepProps {
  account: string;
  resendIn: number;
  onResent(seconds: number): void;
  onChangeNumber(): void;
  onDone(): void;
}

function ResetPasswordStep({ account, resendIn, onResent, onChangeNumber, onDone }: ResetPasswordStepProps) {
  const api = useApi();
  const id = useId();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [codeNote, setCodeNote] = useState<string>(msg.forgotPasswordSent);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFormInput>({
    resolver: lazyResolver('reset'),
    defaultValues: { account, verification_code: '', password: '', password_confirm: '' },
    mode: 'onTouched',
  });

  const resend = async () => {
    setMessage(null);
    try {
      onResent((await sendResetCode(api, account)).resend_after);
      setCodeNote(`已重新發送。${msg.forgotPasswordSent}`);
    } catch (error) {
      setMessage({ ok: false, text: explainError(error, []).message });
    }
  };

  const onSubmit = handleSubmit(async (values) => {
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

  const f = (name: (typeof RESET_FIELDS)[number]) => `${id}-${name}`;
  const err = (name: (typeof RESET_FIELDS)[number]) => errors[name]?.message;
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} onFocus={() => void preloadMemberResolvers()}>
      <div className="auth-form__account">
        <span>
          手機號碼 <strong>{account}</strong>
        </span>
        <button type="button" className="text-button" onClick={onChangeNumber}>
          更換號碼
        </button>
      </div>
      <input type="hidden" {...register('account')} />
      <FormField
        id={f('verification_code')}
        label="簡訊驗證碼"
        required
        error={err('verification_code')}
        hint={codeNote}
      >
        <div className="code-row">
          <input
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="6 位數字"
            {...fieldAria(f('verification_code'), err('verification_code'), true)}
            {...register('verification_code')}
            required
          />
          <button type="button" className="button button--ghost" disabled={resendIn > 0} onClick={() => void resend()}>
            {resendIn > 0 ? `重新發送（${resendIn} 秒）` : '重新發送'}
          </button>
        </div>
      </FormField>
      <FormField id={f('password')} label="新密碼" required error={err('password')} hint="8 到 64 個字元">
        <PasswordInput
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          {...fieldAria(f('password'), err('password'), true)}
          {...register('password')}
          required
        />
      </FormField>
      <FormField id={f('password_confirm')} label="確認新密碼" required error={err('password_confirm')}>
        <PasswordInput
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          {...fieldAria(f('password_confirm'), err('password_confirm'))}
          {...register('password_confirm')}
          required
        />
      </FormField>
      <p
        className={`form-result${message ? (message.ok ? ' form-result--ok' : ' form-result--error') : ''}`}
        role="alert"
      >
        {message?.text}
      </p>
      <button type="submit" className="button button--primary auth-form__submit" disabled={isSubmitting}>
        {isSubmitting ? '設定中…' : '設定新密碼'}
      </button>
    </form>
  );
}
