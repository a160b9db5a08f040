import { PASSWORD_MAX } from '@shop/domain';
import type { UseFormReturn } from 'react-hook-form';
import { FormField, fieldAria } from '../../components/ui/form-field.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';

type NewPasswordValues = { password: string; password_confirm: string };

interface NewPasswordFieldsProps<T extends NewPasswordValues> {
  /** The form's `useId()`: the boxes are `{idPrefix}-password` and `{idPrefix}-password_confirm`. */
  idPrefix: string;
  /** 「密碼」 at sign-up, 「新密碼」 when changing it; the second box is 「確認…」 of the same. */
  label: string;
  form: UseFormReturn<T>;
}

/** A new password typed twice (8 to 64 characters): at sign-up, password reset and password change. */
export function NewPasswordFields<T extends NewPasswordValues>({ idPrefix, label, form }: NewPasswordFieldsProps<T>) {
  // The two fields every such form has, whatever else it holds.
  const { register, formState } = form as unknown as UseFormReturn<NewPasswordValues>;
  const ids = { password: `${idPrefix}-password`, confirm: `${idPrefix}-password_confirm` };
  const errors = { password: formState.errors.password?.message, confirm: formState.errors.password_confirm?.message };
  return (
    <>
      <FormField id={ids.password} label={label} required error={errors.password} hint="8 到 64 個字元">
        <PasswordInput
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          {...fieldAria(ids.password, errors.password, true)}
          {...register('password')}
          required
        />
      </FormField>
      <FormField id={ids.confirm} label={`確認${label}`} required error={errors.confirm}>
        <PasswordInput
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          {...fieldAria(ids.confirm, errors.confirm)}
          {...register('password_confirm')}
          required
        />
      </FormField>
    </>
  );
}
