import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  BrandPosition,
  Gender,
  MEMBER_NAME_MAX,
  PASSWORD_MAX,
  maskPhone,
  msg,
  type AccountInput,
  type SignupFormInput,
  type SignupInput,
} from '@shop/domain';
import { hiddenMemberName, memberExists, sendSignupCode, signUp, type AuthAnswer } from '../../api/members.ts';
import { useApi } from '../../api/use-api.ts';
import { ShopLink } from '../../components/shop-link.tsx';
import { TaiwanAddressFields } from '../../components/taiwan-address-fields.tsx';
import { FormField, fieldAria } from '../../components/ui/form-field.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { hrefWithQuery } from '../../lib/referral-code.ts';
import { explainError } from './api-errors.ts';
import { genderAsNumber, lazyResolver, preloadMemberResolvers } from './lazy-resolver.ts';
import { useCountdown } from './use-countdown.ts';

const DETAIL_FIELDS = [
  'verification_code',
  'name',
  'password',
  'password_confirm',
  'gender',
  'city',
  'area',
  'address',
  'referrer_account',
] as const;

interface RegisterFormProps {
  /** The influencer code the shopper arrived with (spec §2 `code`): the new member's referrer. */
  referralCode: string | null;
  onSignedUp(answer: AuthAnswer): Promise<void>;
}

/**
 * spec §2 /login/{id}, issue 5: the mobile number first (is it free? then an SMS code), then the code
 * with name and password, and optionally gender, city/district/address and who referred the shopper.
 */
export function RegisterForm({ referralCode, onSignedUp }: RegisterFormProps) {
  const [account, setAccount] = useState<string | null>(null);
  const [resendIn, startCountdown] = useCountdown();
  return account === null ? (
    <MobileStep
      onCodeSent={(number, wait) => {
        setAccount(number);
        startCountdown(wait);
      }}
    />
  ) : (
    <DetailsStep
      account={account}
      referralCode={referralCode}
      resendIn={resendIn}
      onResent={startCountdown}
      onChangeNumber={() => setAccount(null)}
      onSignedUp={onSignedUp}
    />
  );
}

function Steps({ current }: { current: 1 | 2 }) {
  return (
    <ol className="auth-steps" aria-label="註冊步驟">
      <li aria-current={current === 1 ? 'step' : undefined}>1 手機驗證</li>
      <li aria-current={current === 2 ? 'step' : undefined}>2 填寫資料</li>
    </ol>
  );
}

function MobileStep({ onCodeSent }: { onCodeSent(account: string, resendAfter: number): void }) {
  const api = useApi();
  const id = useId();
  const [message, setMessage] = useState('');
  const [registered, setRegistered] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AccountInput>({ resolver: lazyResolver('mobile'), defaultValues: { account: '' }, mode: 'onTouched' });

  const onSubmit = handleSubmit(async ({ account }) => {
    setMessage('');
    setRegistered(false);
    try {
      if ((await memberExists(api, account)).exist) {
        setRegistered(true);
        setError('account', { message: msg.accountTaken });
        return;
      }
      const sent = await sendSignupCode(api, account);
      onCodeSent(account, sent.resend_after);
    } catch (error) {
      const { message, fieldErrors } = explainError(error, ['account', 'cellphone'] as const);
      if (fieldErrors.length) setError('account', { message: fieldErrors[0]!.msg });
      setMessage(message);
    }
  });

  const accountId = `${id}-account`;
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} onFocus={() => void preloadMemberResolvers()}>
      <Steps current={1} />
      <FormField
        id={accountId}
        label="手機號碼"
        required
        error={errors.account?.message}
        hint="手機號碼即為您的會員帳號，我們會傳送 6 位數驗證碼給您。"
      >
        <input
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={10}
          placeholder="09xxxxxxxx"
          {...fieldAria(accountId, errors.account?.message, true)}
          {...register('account')}
          required
        />
      </FormField>
      {registered ? (
        <p className="auth-form__note">
          <ShopLink to="/login">前往登入</ShopLink>或<ShopLink to="/login/forgot-password">忘記密碼</ShopLink>
        </p>
      ) : null}
      <p className={`form-result${message ? ' form-result--error' : ''}`} role="alert">
        {registered ? '' : message}
      </p>
      <button type="submit" className="button button--primary auth-form__submit" disabled={isSubmitting}>
        {isSubmitting ? '傳送中…' : '取得驗證碼'}
      </button>
    </form>
  );
}

interface DetailsStepProps {
  account: string;
  referralCode: string | null;
  resendIn: number;
  onResent(seconds: number): void;
  onChangeNumber(): void;
  onSignedUp(answer: AuthAnswer): Promise<void>;
}

function DetailsStep({ account, referralCode, resendIn, onResent, onChangeNumber, onSignedUp }: DetailsStepProps) {
  const api = useApi();
  const id = useId();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [codeNote, setCodeNote] = useState(`驗證碼已發送至 ${maskPhone(account)}，10 分鐘內有效。`);
  const [referrerName, setReferrerName] = useState('');
  const [leaving, setLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<SignupFormInput>({
    resolver: lazyResolver('signup', genderAsNumber),
    defaultValues: {
      account,
      verification_code: '',
      name: '',
      password: '',
      password_confirm: '',
      gender: undefined,
      city: '',
      area: '',
      address: '',
      referrer_account: '',
      internet_celebrity_code: referralCode ?? '',
    },
    mode: 'onTouched',
  });
  const city = useWatch({ control, name: 'city' });

  const resend = async () => {
    setMessage(null);
    try {
      const sent = await sendSignupCode(api, account);
      onResent(sent.resend_after);
      setCodeNote(`已重新發送驗證碼至 ${maskPhone(account)}，10 分鐘內有效。`);
    } catch (error) {
      setMessage({ ok: false, text: explainError(error, []).message });
    }
  };

  const lookUpReferrer = async (value: string) => {
    setReferrerName('');
    if (!/^09\d{8}$/.test(value)) return;
    try {
      setReferrerName(`推薦人：${(await hiddenMemberName(api, value)).name}`);
    } catch (error) {
      setReferrerName(explainError(error, []).message);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    const body = toSignupBody(values);
    try {
      const answer = await signUp(api, body);
      setLeaving(true);
      setMessage({ ok: true, text: msg.signupDone });
      await onSignedUp(answer);
    } catch (error) {
      setLeaving(false);
      const { message, fieldErrors } = explainError(error, DETAIL_FIELDS);
      for (const e of fieldErrors) setError(e.field, { message: e.msg });
      setMessage({ ok: false, text: message });
    }
  });

  const f = (name: (typeof DETAIL_FIELDS)[number]) => `${id}-${name}`;
  const err = (name: (typeof DETAIL_FIELDS)[number]) => errors[name]?.message;
  const busy = isSubmitting || leaving;
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} onFocus={() => void preloadMemberResolvers()}>
      <Steps current={2} />
      <div className="auth-form__account">
        <span>
          手機號碼 <strong>{account}</strong>
        </span>
        <button type="button" className="text-button" onClick={onChangeNumber}>
          更換號碼
        </button>
      </div>
      <input type="hidden" {...register('account')} />
      <input type="hidden" {...register('internet_celebrity_code')} />

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

      <div className="auth-form__grid">
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
        <fieldset className="gender-field">
          <legend>
            性別<span className="field__optional">（選填）</span>
          </legend>
          <div className="gender-field__options">
            {[Gender.MALE, Gender.FEMALE].map((g) => (
              <label key={g} className="radio">
                <input type="radio" value={g} {...register('gender')} />
                {msg.genderLabel[g]}
              </label>
            ))}
          </div>
          {err('gender') ? (
            <p className="field-error" role="alert">
              {err('gender')}
            </p>
          ) : null}
        </fieldset>
        <FormField id={f('password')} label="密碼" required error={err('password')} hint="8 到 64 個字元">
          <PasswordInput
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            {...fieldAria(f('password'), err('password'), true)}
            {...register('password')}
            required
          />
        </FormField>
        <FormField id={f('password_confirm')} label="確認密碼" required error={err('password_confirm')}>
          <PasswordInput
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            {...fieldAria(f('password_confirm'), err('password_confirm'))}
            {...register('password_confirm')}
            required
          />
        </FormField>
        <TaiwanAddressFields
          idPrefix={id}
          city={city ?? ''}
          cityField={register('city')}
          areaField={register('area')}
          addressField={register('address')}
          onCityChange={() => setValue('area', '')}
          errors={{ city: err('city'), area: err('area'), address: err('address') }}
        />
        <FormField
          id={f('referrer_account')}
          label="推薦人手機號碼"
          error={err('referrer_account')}
          hint={referrerName || (referralCode ? `推薦碼 ${referralCode} 已帶入` : undefined)}
          wide
        >
          <input
            type="tel"
            inputMode="numeric"
            maxLength={10}
            placeholder="09xxxxxxxx"
            {...fieldAria(f('referrer_account'), err('referrer_account'), Boolean(referrerName || referralCode))}
            {...register('referrer_account', { onBlur: (event) => void lookUpReferrer(event.target.value.trim()) })}
          />
        </FormField>
      </div>

      <p className="auth-form__terms">
        註冊即表示您同意本站的
        <ShopLink to={hrefWithQuery('/terms/service', { t: BrandPosition.Terms })}>服務條款</ShopLink>與
        <ShopLink to={hrefWithQuery('/terms/privacy', { t: BrandPosition.Privacy })}>隱私權聲明</ShopLink>。
      </p>
      <p
        className={`form-result${message ? (message.ok ? ' form-result--ok' : ' form-result--error') : ''}`}
        role="alert"
      >
        {message?.text}
      </p>
      <button type="submit" className="button button--primary auth-form__submit" disabled={busy}>
        {busy ? '註冊中…' : '完成註冊'}
      </button>
    </form>
  );
}

/** The form's values as POST /members-signup takes them: no repeated password, no empty optionals. */
export function toSignupBody(values: SignupFormInput): SignupInput {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const body: SignupInput = {
    account: text(values.account),
    verification_code: text(values.verification_code),
    name: text(values.name),
    password: String(values.password ?? ''),
  };
  if (values.gender === Gender.MALE || values.gender === Gender.FEMALE) body.gender = values.gender;
  for (const key of ['city', 'area', 'address', 'referrer_account', 'internet_celebrity_code'] as const) {
    const value = text(values[key]);
    if (value) body[key] = value;
  }
  return body;
}
