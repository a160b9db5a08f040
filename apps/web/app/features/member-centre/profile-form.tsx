import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useFetcher } from 'react-router';
import { MEMBER_EMAIL_MAX, findTaiwanCity, findTaiwanDistrict, type MemberUpdateInput } from '@shop/domain';
import type { MemberProfile } from '../../api/members.ts';
import { FormField, fieldAria } from '../../components/ui/form-field.tsx';
import { genderAsNumber, lazyResolver } from '../auth/lazy-resolver.ts';
import { GenderField, MemberAddressFields, MemberNameField } from '../auth/member-detail-fields.tsx';
import type { PersonalInfoResult } from './personal-info-action.server.ts';
import { PersonalInfoForm, usePersonalInfoAnswer } from './personal-info-form.tsx';

const FIELDS = ['name', 'email', 'gender', 'city', 'area', 'address'] as const;

function useProfileForm(member: MemberProfile) {
  return useForm<MemberUpdateInput>({
    resolver: lazyResolver('profile', genderAsNumber),
    defaultValues: {
      name: member.name,
      email: member.email ?? '',
      // Radio values are strings (genderAsNumber turns it back); places in the pickers' spelling (臺).
      gender: String(member.gender) as unknown as MemberUpdateInput['gender'],
      city: findTaiwanCity(member.city)?.name ?? '',
      area: findTaiwanDistrict(member.city, member.area)?.name ?? '',
      address: member.address,
      cart_reminders: member.cart_reminders,
    },
    mode: 'onTouched',
  });
}

/**
 * /member/personal-info: name, email, gender and address (issue 5; the email for order messages, issue 17);
 * the account (mobile number) is fixed.
 */
export function ProfileForm({ member }: { member: MemberProfile }) {
  const id = useId();
  const fetcher = useFetcher<PersonalInfoResult>();
  const form = useProfileForm(member);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const result = usePersonalInfoAnswer({ fetcher, intent: 'profile', fields: FIELDS, setError });

  const onSubmit = handleSubmit((values) => {
    void fetcher.submit(
      {
        intent: 'profile',
        name: values.name,
        email: values.email ?? '',
        gender: values.gender ? String(values.gender) : '',
        city: values.city ?? '',
        area: values.area ?? '',
        address: values.address ?? '',
        cart_reminders_sent: '1',
        ...(values.cart_reminders ? { cart_reminders: 'on' } : {}),
      },
      { method: 'post' },
    );
  });

  const f = (name: (typeof FIELDS)[number]) => `${id}-${name}`;
  const err = (name: (typeof FIELDS)[number]) => errors[name]?.message;
  return (
    <PersonalInfoForm
      id={id}
      title="基本資料"
      onSubmit={onSubmit}
      busy={fetcher.state !== 'idle'}
      submitLabel="儲存變更"
      busyLabel="儲存中…"
      result={result}
    >
      <div className="field">
        <span className="field__label">手機號碼（帳號）</span>
        <p className="field__static">{member.account}</p>
      </div>
      <MemberNameField id={f('name')} error={err('name')} field={register('name')} />
      <FormField
        id={f('email')}
        label="Email"
        error={err('email')}
        hint="填寫後，訂單成立、付款、出貨等通知也會寄到這個信箱"
      >
        <input
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={MEMBER_EMAIL_MAX}
          {...fieldAria(f('email'), err('email'), true)}
          {...register('email')}
        />
      </FormField>
      <GenderField field={register('gender')} />
      <MemberAddressFields idPrefix={id} form={form} />
      <div className="member-form__wide member-form__switch">
        <label className="checkbox">
          <input type="checkbox" {...register('cart_reminders')} aria-describedby={`${id}-cart-reminders-hint`} />
          購物車提醒
        </label>
        <p id={`${id}-cart-reminders-hint`} className="member-form__switch-hint">
          購物車放著未結帳時，以簡訊（及 Email）提醒一次；取消勾選就不再提醒
        </p>
      </div>
    </PersonalInfoForm>
  );
}
