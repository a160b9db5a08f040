import { useId, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { BrandPosition, Gender, maskPhone, msg, type SignupFormInput, type SignupInput } from '@shop/domain';
import { hiddenMemberName, memberExists, sendSignupCode, signUp, type AuthAnswer } from '../../api/members.ts';
import { useApi } from '../../api/use-api.ts';
import { ShopLink } from '../../components/shop-link.tsx';
import { FormField, fieldAria } from '../../components/ui/form-field.tsx';
import { hrefWithQuery } from '../../lib/referral-code.ts';
import { explainError } from './api-errors.ts';
import { AuthSubmitButton } from './auth-submit-button.tsx';
import { FormResult, type FormMessage } from './form-result.tsx';
import { genderAsNumber, lazyResolver, preloadMemberResolvers } from './lazy-resolver.ts';
import { GenderField, MemberAddressFields, MemberNameField } from './member-detail-fields.tsx';
import { MobileNumberStep } from './mobile-number-step.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { ChosenNumber, SmsCodeField, useCodeResend, useSmsCodeSteps, type SentCode } from './sms-code-field.tsx';

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
type DetailField = (typeof DETAIL_FIELDS)[number];

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
  const { sent, codeSent } = useSmsCodeSteps();
  return sent === null ? (
    <MobileStep onCodeSent={codeSent} />
  ) : (
    <DetailsStep sent={sent} referralCode={referralCode} onSignedUp={onSignedUp} />
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
  const [registered, setRegistered] = useState(false);
  return (
    <MobileNumberStep
      label="手機號碼"
      hint="手機號碼即為您的會員帳號，我們會傳送 6 位數驗證碼給您。"
      autoComplete="tel"
      steps={<Steps current={1} />}
      note={
        registered ? (
          <p className="auth-form__note">
            <ShopLink to="/login">前往登入</ShopLink>或<ShopLink to="/login/forgot-password">忘記密碼</ShopLink>
          </p>
        ) : null
      }
      send={async (account, outcome) => {
        setRegistered(false);
        try {
          if ((await memberExists(api, account)).exist) {
            setRegistered(true);
            outcome.fieldError(msg.accountTaken);
            return;
          }
          const sent = await sendSignupCode(api, account);
          onCodeSent(account, sent.resend_after);
        } catch (error) {
          const { message, fieldErrors } = explainError(error, ['account', 'cellphone'] as const);
          if (fieldErrors.length) outcome.fieldError(fieldErrors[0]!.msg);
          outcome.message(message);
        }
      }}
    />
  );
}

interface DetailsStepProps {
  sent: SentCode;
  referralCode: string | null;
  onSignedUp(answer: AuthAnswer): Promise<void>;
}

function useSignupForm(account: string, referralCode: string | null) {
  return useForm<SignupFormInput>({
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
}

/** Who referred the shopper, looked up as the number is typed: 「推薦人：王○明」 under the field. */
function useReferrerName() {
  const api = useApi();
  const [referrerName, setReferrerName] = useState('');
  const lookUp = async (value: string) => {
    setReferrerName('');
    if (!/^09\d{8}$/.test(value)) return;
    try {
      setReferrerName(`推薦人：${(await hiddenMemberName(api, value)).name}`);
    } catch (error) {
      setReferrerName(explainError(error, []).message);
    }
  };
  return [referrerName, lookUp] as const;
}

function DetailsStep({ sent, referralCode, onSignedUp }: DetailsStepProps) {
  const { account, resendIn } = sent;
  const api = useApi();
  const id = useId();
  const [message, setMessage] = useState<FormMessage>(null);
  const [leaving, setLeaving] = useState(false);
  const [referrerName, lookUpReferrer] = useReferrerName();
  const code = useCodeResend({
    firstNote: `驗證碼已發送至 ${maskPhone(account)}，10 分鐘內有效。`,
    resentNote: `已重新發送驗證碼至 ${maskPhone(account)}，10 分鐘內有效。`,
    send: () => sendSignupCode(api, account),
    onResent: sent.onResent,
    setMessage,
  });
  const form = useSignupForm(account, referralCode);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

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

  const f = (name: DetailField) => `${id}-${name}`;
  const err = (name: DetailField) => errors[name]?.message;
  const busy = isSubmitting || leaving;
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} onFocus={() => void preloadMemberResolvers()}>
      <Steps current={2} />
      <ChosenNumber account={account} onChangeNumber={sent.onChangeNumber} />
      <input type="hidden" {...register('account')} />
      <input type="hidden" {...register('internet_celebrity_code')} />

      <SmsCodeField
        id={f('verification_code')}
        error={err('verification_code')}
        note={code.note}
        resendIn={resendIn}
        onResend={code.resend}
        field={register('verification_code')}
      />

      <div className="auth-form__grid">
        <MemberNameField id={f('name')} error={err('name')} field={register('name')} />
        <GenderField field={register('gender')} optional error={err('gender')} />
        <NewPasswordFields idPrefix={id} label="密碼" form={form} />
        <MemberAddressFields idPrefix={id} form={form} />
        <ReferrerField
          id={f('referrer_account')}
          error={err('referrer_account')}
          hint={referrerName || (referralCode ? `推薦碼 ${referralCode} 已帶入` : undefined)}
          field={register('referrer_account', { onBlur: (event) => void lookUpReferrer(event.target.value.trim()) })}
        />
      </div>

      <SignupTerms />
      <FormResult message={message} role="alert" />
      <AuthSubmitButton busy={busy} busyLabel="註冊中…" label="完成註冊" />
    </form>
  );
}

/** 推薦人手機號碼, with the referrer's name (or the code brought in by the link) under it once known. */
function ReferrerField(props: { id: string; error?: string; hint?: string; field: UseFormRegisterReturn }) {
  const { id, error, hint } = props;
  return (
    <FormField id={id} label="推薦人手機號碼" error={error} hint={hint} wide>
      <input
        type="tel"
        inputMode="numeric"
        maxLength={10}
        placeholder="09xxxxxxxx"
        {...fieldAria(id, error, Boolean(hint))}
        {...props.field}
      />
    </FormField>
  );
}

function SignupTerms() {
  return (
    <p className="auth-form__terms">
      註冊即表示您同意本站的
      <ShopLink to={hrefWithQuery('/terms/service', { t: BrandPosition.Terms })}>服務條款</ShopLink>與
      <ShopLink to={hrefWithQuery('/terms/privacy', { t: BrandPosition.Privacy })}>隱私權聲明</ShopLink>。
    </p>
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
