import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useFetcher } from 'react-router';
import {
  Gender,
  MEMBER_EMAIL_MAX,
  MEMBER_NAME_MAX,
  findTaiwanCity,
  findTaiwanDistrict,
  msg,
  type MemberUpdateInput,
} from '@shop/domain';
import type { MemberProfile } from '../../api/members.ts';
import { TaiwanAddressFields } from '../../components/taiwan-address-fields.tsx';
import { FormField, fieldAria } from '../../components/ui/form-field.tsx';
import { genderAsNumber, lazyResolver, preloadMemberResolvers } from '../auth/lazy-resolver.ts';
import { handleTokenExpired } from '../auth/session-refresh.ts';
import type { PersonalInfoResult } from './personal-info-action.server.ts';

const FIELDS = ['name', 'email', 'gender', 'city', 'area', 'address'] as const;

/**
 * /member/personal-info: name, email, gender and address (issue 5; the email for order messages, issue 17);
 * the account (mobile number) is fixed.
 */
export function ProfileForm({ member }: { member: MemberProfile }) {
  const id = useId();
  const fetcher = useFetcher<PersonalInfoResult>();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm<MemberUpdateInput>({
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
  const city = useWatch({ control, name: 'city' });

  const result = fetcher.data?.intent === 'profile' ? fetcher.data : undefined;
  useEffect(() => {
    if (!result || result.ok) return;
    if (result.tokenExpired) handleTokenExpired();
    for (const e of result.errors ?? []) {
      const field = FIELDS.find((f) => f === e.field);
      if (field) setError(field, { message: e.msg });
    }
  }, [result, setError]);

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
        基本資料
      </h2>
      <div className="member-form__grid">
        <div className="field">
          <span className="field__label">手機號碼（帳號）</span>
          <p className="field__static">{member.account}</p>
        </div>
        <FormField id={f('name')} label="姓名" required error={err('name')}>
          <input
            type="text"
            autoComplete="name"
            maxLength={MEMBER_NAME_MAX}
            {...fieldAria(f('name'), err('name'))}
            {...register('name')}
            required
          />
        </FormField>
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
        <fieldset className="gender-field">
          <legend>性別</legend>
          <div className="gender-field__options">
            {[Gender.MALE, Gender.FEMALE].map((g) => (
              <label key={g} className="radio">
                <input type="radio" value={g} {...register('gender')} />
                {msg.genderLabel[g]}
              </label>
            ))}
          </div>
        </fieldset>
        <TaiwanAddressFields
          idPrefix={id}
          city={city ?? ''}
          cityField={register('city')}
          areaField={register('area')}
          addressField={register('address')}
          onCityChange={() => setValue('area', '')}
          errors={{ city: err('city'), area: err('area'), address: err('address') }}
        />
        <div className="member-form__wide member-form__switch">
          <label className="checkbox">
            <input type="checkbox" {...register('cart_reminders')} aria-describedby={`${id}-cart-reminders-hint`} />
            購物車提醒
          </label>
          <p id={`${id}-cart-reminders-hint`} className="member-form__switch-hint">
            購物車放著未結帳時，以簡訊（及 Email）提醒一次；取消勾選就不再提醒
          </p>
        </div>
      </div>
      <div className="member-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? '儲存中…' : '儲存變更'}
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
