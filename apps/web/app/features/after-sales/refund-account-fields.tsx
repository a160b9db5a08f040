import { zodResolver } from '@hookform/resolvers/zod';
import { TAIWAN_BANKS, type RefundAccountInput } from '@shop/domain';
import { useMemo } from 'react';
import type { Resolver, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { FormField, describedBy } from './form-field.tsx';

/** The banks in code order, as an ATM lists them: 「004 臺灣銀行」…「826 樂天銀行」. */
const BANK_OPTIONS = Object.entries(TAIWAN_BANKS).sort(([a], [b]) => a.localeCompare(b));

export interface RefundAccountErrors {
  /** The request was refused for want of an account as a whole (the server's `refund_account`). */
  whole?: string;
  bank_code?: string;
  account?: string;
  holder?: string;
}

interface RefundAccountFieldsProps {
  /** The `useId()` of the form, so two forms on a page keep their ids apart. */
  id: string;
  fields: { bank_code: UseFormRegisterReturn; account: UseFormRegisterReturn; holder: UseFormRegisterReturn };
  errors: RefundAccountErrors;
}

/**
 * issue 20 item 7 (docs/decisions/048): where the shop transfers the refund of an order paid by bank
 * transfer, ATM or cash on delivery — the bank (from the Taiwan bank list), the account and its holder.
 */
export function RefundAccountFields({ id, fields, errors }: RefundAccountFieldsProps) {
  const f = (name: string) => `${id}-refund-${name}`;
  return (
    <fieldset className="refund-account" aria-describedby={`${f('note')}${errors.whole ? ` ${f('whole')}` : ''}`}>
      <legend className="refund-account__legend">退款帳戶</legend>
      <p id={f('note')} className="field__note refund-account__note">
        退款將由本店匯入您指定的帳戶，請填寫與存摺封面相同的資料。
      </p>
      {errors.whole ? (
        <p id={f('whole')} className="field-error" role="alert">
          {errors.whole}
        </p>
      ) : null}
      <div className="modal-form__row">
        <FormField id={f('bank')} label="退款銀行" required error={errors.bank_code}>
          <select {...describedBy(f('bank'), errors.bank_code)} {...fields.bank_code}>
            <option value="">請選擇銀行</option>
            {BANK_OPTIONS.map(([code, name]) => (
              <option key={code} value={code}>
                {code} {name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={f('holder')} label="戶名" required error={errors.holder}>
          <input
            type="text"
            autoComplete="name"
            maxLength={50}
            {...describedBy(f('holder'), errors.holder)}
            {...fields.holder}
          />
        </FormField>
      </div>
      <FormField id={f('account')} label="退款帳號" required error={errors.account}>
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={24}
          placeholder="10 至 16 位數字"
          {...describedBy(f('account'), errors.account)}
          {...fields.account}
        />
      </FormField>
    </fieldset>
  );
}

/** The form's errors of the account, by field (React Hook Form's nested errors under `refund_account`). */
export function refundAccountErrors(
  errors:
    | {
        message?: string;
        bank_code?: { message?: string };
        account?: { message?: string };
        holder?: { message?: string };
      }
    | undefined,
): RefundAccountErrors {
  return {
    whole: errors?.message,
    bank_code: errors?.bank_code?.message,
    account: errors?.account?.message,
    holder: errors?.holder?.message,
  };
}

/** The server's field names this form shows beside a control. */
export const REFUND_ACCOUNT_FIELDS = [
  'refund_account',
  'refund_account.bank_code',
  'refund_account.account',
  'refund_account.holder',
] as const;
export type RefundAccountField = (typeof REFUND_ACCOUNT_FIELDS)[number];
export const isRefundAccountField = (field: string): field is RefundAccountField =>
  (REFUND_ACCOUNT_FIELDS as readonly string[]).includes(field);

/** What an empty account looks like in a form. */
export const EMPTY_REFUND_ACCOUNT = { bank_code: '', account: '', holder: '' };

type WithRefundAccount = { refund_account: RefundAccountInput };
type FormSchema = Parameters<typeof zodResolver>[0];

/**
 * The form's own rules (packages/domain), with the refund account's when the order asks for one;
 * without, the schema leaves `refund_account` out of what the form sends.
 */
export function useRefundAccountResolver<T extends WithRefundAccount>(
  refundAccount: boolean,
  schemas: { without: FormSchema; with: FormSchema },
): Resolver<T> {
  return useMemo(
    () => (refundAccount ? zodResolver(schemas.with) : zodResolver(schemas.without)) as unknown as Resolver<T>,
    [refundAccount, schemas],
  );
}

/** The refund account's fields, wired to the form, when the order asks for one (decision 048). */
export function OrderRefundAccount<T extends WithRefundAccount>(props: {
  asked: boolean;
  id: string;
  form: UseFormReturn<T>;
}) {
  if (!props.asked) return null;
  // The account's fields, whatever else the form holds.
  const { register, formState } = props.form as unknown as UseFormReturn<WithRefundAccount>;
  return (
    <RefundAccountFields
      id={props.id}
      fields={{
        bank_code: register('refund_account.bank_code'),
        account: register('refund_account.account'),
        holder: register('refund_account.holder'),
      }}
      errors={refundAccountErrors(formState.errors.refund_account)}
    />
  );
}
