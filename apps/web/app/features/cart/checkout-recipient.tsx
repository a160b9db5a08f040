import type { CheckoutSectionProps } from './checkout-fields.tsx';

/** 收件資料: who receives the parcel. */
export function CheckoutRecipient({ fields, register }: CheckoutSectionProps) {
  const { control, error, label } = fields;
  return (
    <fieldset className="checkout__section">
      <legend>收件資料</legend>
      <div className="checkout__grid">
        <div className="field">
          {label('recv_name', '收件人姓名')}
          <input type="text" autoComplete="name" {...control('recv_name')} {...register('recv_name')} />
          {error('recv_name')}
        </div>
        <div className="field">
          {label('recv_cellphone', '收件人手機')}
          <input
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder="0912345678"
            maxLength={10}
            {...control('recv_cellphone')}
            {...register('recv_cellphone')}
          />
          {error('recv_cellphone')}
        </div>
      </div>
    </fieldset>
  );
}
