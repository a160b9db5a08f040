import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { LoginInput } from '@shop/domain';
import { ApiError } from '../../api/client.ts';
import { logInMember, type AuthAnswer } from '../../api/members.ts';
import { useApi } from '../../api/use-api.ts';
import { FormField, fieldAria } from '../../components/ui/form-field.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { AuthSubmitButton } from './auth-submit-button.tsx';
import { FormResult, failureMessage } from './form-result.tsx';
import { lazyResolver, preloadMemberResolvers } from './lazy-resolver.ts';
import { MobileNumberField } from './mobile-number-step.tsx';
import { readRememberedLogin, rememberLogin } from './remember-me.ts';

const FIELDS = ['account', 'password'] as const;

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * 「記住帳號」 from last time: once the page runs in the browser, the box (the returned ref) is ticked
 * and the account filled in.
 */
function useRememberedAccount(fillAccount: (account: string) => void) {
  const rememberBox = useRef<HTMLInputElement>(null);
  const fill = useEffectEvent(fillAccount);
  useEffect(() => {
    const saved = readRememberedLogin(localStore());
    if (saved.remember) {
      if (rememberBox.current) rememberBox.current.checked = true;
      fill(saved.account);
    }
  }, []);
  return rememberBox;
}

interface LoginFormProps {
  /** Runs after the server accepted the login (store the session, join the cart, go on). */
  onLoggedIn(answer: AuthAnswer): Promise<void>;
  /** A message from the route action (the form was posted before the page's script ran). */
  serverMessage?: string;
}

/**
 * spec §2 /login: mobile number and password; 「記住帳號」 keeps the account in local storage
 * (spec §9 login_remember / login_account) and fills it in next time.
 */
export function LoginForm({ onLoggedIn, serverMessage }: LoginFormProps) {
  const api = useApi();
  const id = useId();
  const [message, setMessage] = useState(serverMessage ?? '');
  const [leaving, setLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: lazyResolver('login'),
    defaultValues: { account: '', password: '' },
    mode: 'onTouched',
  });

  const rememberBox = useRememberedAccount((account) => setValue('account', account));

  const onSubmit = handleSubmit(async (values, event) => {
    setMessage('');
    const form = event?.target instanceof HTMLFormElement ? event.target : null;
    const remember = (form?.elements.namedItem('remember') as HTMLInputElement | null)?.checked ?? false;
    try {
      const answer = await logInMember(api, values);
      rememberLogin(localStore(), remember, values.account);
      setLeaving(true);
      await onLoggedIn(answer);
    } catch (error) {
      setLeaving(false);
      if (error instanceof ApiError) {
        for (const fieldError of error.errors) {
          const field = FIELDS.find((f) => f === fieldError.field);
          if (field) setError(field, { message: fieldError.msg });
        }
        setMessage(error.message);
      } else {
        setMessage('系統忙碌中，請稍後再試');
      }
    }
  });

  const ids = { account: `${id}-account`, password: `${id}-password`, remember: `${id}-remember` };
  const busy = isSubmitting || leaving;
  return (
    <form
      method="post"
      className="auth-form"
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void preloadMemberResolvers()}
    >
      <MobileNumberField
        id={ids.account}
        label="手機號碼"
        autoComplete="username"
        error={errors.account?.message}
        field={register('account')}
      />
      <FormField id={ids.password} label="密碼" required error={errors.password?.message}>
        <PasswordInput
          autoComplete="current-password"
          {...fieldAria(ids.password, errors.password?.message)}
          {...register('password')}
          required
        />
      </FormField>
      <div className="auth-form__row">
        <label className="checkbox" htmlFor={ids.remember}>
          <input ref={rememberBox} id={ids.remember} type="checkbox" name="remember" />
          記住帳號
        </label>
      </div>
      <FormResult message={failureMessage(message)} role="alert" />
      <AuthSubmitButton busy={busy} busyLabel="登入中…" label="登入" />
    </form>
  );
}
