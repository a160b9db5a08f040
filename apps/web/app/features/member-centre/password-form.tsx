import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useFetcher } from 'react-router';
import type { PasswordChangeFormInput } from '@shop/domain';
import { FormField, fieldAria } from '../../components/ui/form-field.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { lazyResolver } from '../auth/lazy-resolver.ts';
import { NewPasswordFields } from '../auth/new-password-fields.tsx';
import type { PersonalInfoResult } from './personal-info-action.server.ts';
import { PersonalInfoForm, usePersonalInfoAnswer } from './personal-info-form.tsx';

const FIELDS = ['old_password', 'password', 'password_confirm'] as const;
const EMPTY: PasswordChangeFormInput = { old_password: '', password: '', password_confirm: '' };

/** /member/personal-info: a new password needs the current one (issue 5); other logins end. */
export function PasswordForm() {
  const id = useId();
  const fetcher = useFetcher<PersonalInfoResult>();
  const form = useForm<PasswordChangeFormInput>({
    resolver: lazyResolver('password'),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = form;
  const result = usePersonalInfoAnswer({
    fetcher,
    intent: 'password',
    fields: FIELDS,
    setError,
    onSaved: () => reset(EMPTY),
  });

  const onSubmit = handleSubmit((values) => {
    void fetcher.submit(
      { intent: 'password', old_password: values.old_password, password: values.password },
      { method: 'post' },
    );
  });

  const oldId = `${id}-old_password`;
  const oldError = errors.old_password?.message;
  return (
    <PersonalInfoForm
      id={id}
      title="變更密碼"
      lead="變更後，其他裝置上的登入將會登出。"
      onSubmit={onSubmit}
      busy={fetcher.state !== 'idle'}
      submitLabel="變更密碼"
      busyLabel="變更中…"
      result={result}
    >
      <FormField id={oldId} label="目前密碼" required error={oldError} wide>
        <PasswordInput
          autoComplete="current-password"
          {...fieldAria(oldId, oldError)}
          {...register('old_password')}
          required
        />
      </FormField>
      <NewPasswordFields idPrefix={id} label="新密碼" form={form} />
    </PersonalInfoForm>
  );
}
