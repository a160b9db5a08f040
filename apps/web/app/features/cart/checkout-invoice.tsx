import { CarrierType, InvoiceType } from '@shop/domain';
import type { CheckoutSectionProps } from './checkout-fields.tsx';
import type { CheckoutValues } from './checkout-values.ts';

const INVOICE_TYPES = [
  { value: InvoiceType.Duplicate, label: '二聯式（個人）' },
  { value: InvoiceType.Triplicate, label: '三聯式（公司）' },
  { value: InvoiceType.Donate, label: '捐贈發票' },
] as const;

type InvoiceProps = CheckoutSectionProps & { values: Partial<CheckoutValues> };

/** 電子發票: the invoice type, then what that type needs (carrier, tax id and title, or donation code). */
export function CheckoutInvoice({ fields, register, values }: InvoiceProps) {
  return (
    <fieldset className="checkout__section">
      <legend>電子發票</legend>
      <div className="segmented" role="radiogroup" aria-label="發票類型">
        {INVOICE_TYPES.map((t) => (
          <label key={t.value} className="segmented__option">
            <input type="radio" value={String(t.value)} {...register('invoice_type')} />
            <span>{t.label}</span>
          </label>
        ))}
      </div>
      {fields.error('invoice_type')}
      {values.invoice_type === String(InvoiceType.Duplicate) ? (
        <CarrierFields fields={fields} register={register} values={values} />
      ) : null}
      {values.invoice_type === String(InvoiceType.Triplicate) ? (
        <CompanyFields fields={fields} register={register} />
      ) : null}
      {values.invoice_type === String(InvoiceType.Donate) ? (
        <DonationFields fields={fields} register={register} />
      ) : null}
    </fieldset>
  );
}

/** A personal invoice: kept in the member’s account (the member carrier), or on a mobile barcode or citizen certificate. */
function CarrierFields({ fields, register, values }: InvoiceProps) {
  const { control, error, label } = fields;
  const mobile = values.carrier_type === CarrierType.MobileBarcode;
  return (
    <div className="checkout__grid">
      <div className="field">
        {label('carrier_type', '載具', false)}
        <select {...control('carrier_type')} {...register('carrier_type')}>
          <option value={CarrierType.None}>會員載具（發票存入會員帳號）</option>
          <option value={CarrierType.MobileBarcode}>手機條碼</option>
          <option value={CarrierType.CitizenCertificate}>自然人憑證</option>
        </select>
        {error('carrier_type')}
      </div>
      {values.carrier_type && values.carrier_type !== CarrierType.None ? (
        <div className="field">
          {label('carrier', mobile ? '手機條碼' : '自然人憑證條碼')}
          <input
            type="text"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={mobile ? '/ABC1234' : 'AB12345678901234'}
            maxLength={mobile ? 8 : 16}
            {...control('carrier')}
            {...register('carrier')}
          />
          {error('carrier')}
        </div>
      ) : null}
    </div>
  );
}

function CompanyFields({ fields, register }: CheckoutSectionProps) {
  const { control, error, label } = fields;
  return (
    <div className="checkout__grid">
      <div className="field">
        {label('tax_id', '統一編號')}
        <input type="text" inputMode="numeric" maxLength={8} {...control('tax_id')} {...register('tax_id')} />
        {error('tax_id')}
      </div>
      <div className="field">
        {label('title', '公司抬頭')}
        <input type="text" autoComplete="organization" {...control('title')} {...register('title')} />
        {error('title')}
      </div>
    </div>
  );
}

function DonationFields({ fields, register }: CheckoutSectionProps) {
  const { control, error, label } = fields;
  return (
    <div className="checkout__grid">
      <div className="field">
        {label('donate_code', '捐贈碼（愛心碼）')}
        <input type="text" inputMode="numeric" maxLength={7} {...control('donate_code')} {...register('donate_code')} />
        {error('donate_code')}
        <p className="field__note">3 至 7 碼數字，例如 919。</p>
      </div>
    </div>
  );
}
