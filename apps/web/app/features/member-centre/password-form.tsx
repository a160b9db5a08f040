import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useFetcher } from 'react-router';
import { PASSWORD_MAX, type PasswordChangeFormInput } from '@shop/domain';
import { FormField, fieldAria } from '../../components/ui/form-field.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { lazyResolver, preloadMemberResolvers } from '../auth/lazy-resolver.ts';
import { handleTokenExpired } from '../auth/session-refresh.ts';
import type { PersonalInfoResult } from './personal-info-action.server.ts';

const FIELDS = ['old_password', 'password', 'password_confirm'] as const;
const EMPTY: PasswordChangeFormInput = { old_password: '', password: '', password_confirm: '' };

/** /member/personal-info: a new password needs the current one (issue 5); other logins end. */
export function PasswordForm() {
  const id = useId();
  const fetcher = useFetcher<PersonalInfoResult>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordChangeFormInput>({ resolver: lazyResolver('password'), defaultValues: EMPTY, mode: 'onTouched' });

  const result = fetcher.data?.intent === 'password' ? fetcher.data : undefined;
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      reset(EMPTY);
      return;
    }
    if (result.tokenExpired) handleTokenExpired();
    for (const e of result.errors ?? []) {
      const field = FIELDS.find((f) => f === e.field);
      if (field) setError(field, { message: e.msg });
    }
  }, [result, reset, setError]);

  const onSubmit = handleSubmit((values) => {
    void fetcher.submit(
      { intent: 'password', old_password: values.old_password, password: values.password },
      { method: 'post' },
    );
  });

  const f = (name: (typeof FIELDS)[number]) => `${id}-${name}`;
  const err = (name: (typeof FIELDS)[number]) => errors[name]?.message;
  const busy = fetcher.state !== 'idle';
  return (
    <form
      method="post"
      className="member-form"
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void preloadMemberResolvers()}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="member-section__subtitle">
        變更密碼
      </h2>
      <p className="member-form__lead">變更後，其他裝置上的登入將會登出。</p>
      <div className="member-form__grid">
        <FormField id={f('old_password')} label="目前密碼" required error={err('old_password')} wide>
          <PasswordInput
            autoComplete="current-password"
            {...fieldAria(f('old_password'), err('old_password'))}
            {...register('old_password')}
            required
          />
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
      </div>
      <div className="member-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? '變更中…' : '變更密碼'}
        </button>
        <p
          className={`form-result${result ? (result.ok ? ' form-result--ok' : ' form-result--error') : ''}`}
          role="status"
        >
          {busy ? '' : result?.message}
        </p>
      </div>
    </form>
  );
}
