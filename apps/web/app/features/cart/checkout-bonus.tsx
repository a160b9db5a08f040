import type { OrderTotals } from '@shop/domain';
import type { CheckoutSectionProps } from './checkout-fields.tsx';
import type { CheckoutValues } from './checkout-values.ts';

/** spec §9: text areas hold at most 200 characters (the domain's TEXT_AREA_MAX, without its Zod module). */
const REMARK_MAX = 200;

interface CheckoutBonusProps extends CheckoutSectionProps {
  values: Partial<CheckoutValues>;
  priced: OrderTotals;
  bonusBalance: number;
}

/** 紅利點數與備註: the points to spend (with what this order allows) and a remark with its count. */
export function CheckoutBonus({ fields, register, values, priced, bonusBalance }: CheckoutBonusProps) {
  const { fieldId, control, error, label, errors } = fields;
  return (
    <fieldset className="checkout__section">
      <legend>紅利點數與備註</legend>
      <div className="checkout__grid">
        <div className="field">
          {label('use_bonus', '使用紅利點數', false)}
          <input
            type="text"
            inputMode="numeric"
            placeholder="0"
            disabled={bonusBalance <= 0}
            {...control('use_bonus')}
            aria-describedby={`${fieldId('use_bonus')}-note${errors.use_bonus ? ` ${fieldId('use_bonus')}-error` : ''}`}
            {...register('use_bonus')}
          />
          <p id={`${fieldId('use_bonus')}-note`} className="field__note">
            可用 {bonusBalance} 點，本筆最多折抵 {Math.min(bonusBalance, priced.maxUsableBonus)} 點（1 點折抵
            NT$1，不折抵運費）
          </p>
          {error('use_bonus')}
        </div>
        <div className="field field--wide">
          {label('remark', '備註', false)}
          <textarea rows={3} maxLength={REMARK_MAX} {...control('remark')} {...register('remark')} />
          <p className="field__hint">
            {values.remark?.length ?? 0} / {REMARK_MAX}
          </p>
          {error('remark')}
        </div>
      </div>
    </fieldset>
  );
}
