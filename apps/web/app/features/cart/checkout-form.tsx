import {
  CarrierType,
  DeliveryMethod,
  InvoiceType,
  PaymentMethod,
  TAIWAN_CITIES,
  findTaiwanCity,
  formatNtd,
  msg,
  shippingFeeFor,
  taiwanPostalCode,
  type PricedOrder,
  type ShippingSettings,
} from '@shop/domain';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { isStorePickup, type CheckoutContext, type CheckoutField, type CheckoutValues } from './checkout-values.ts';
import { loadCheckoutResolver } from './use-checkout.ts';

/** spec §9: text areas hold at most 200 characters (the domain's TEXT_AREA_MAX, without its Zod module). */
const REMARK_MAX = 200;

/** ECPay's convenience-store chains (the domain's StoreChain codes) as shoppers name them. */
const STORE_CHAINS = [
  { value: 'UNIMART', label: '7-ELEVEN' },
  { value: 'FAMI', label: '全家便利商店' },
  { value: 'HILIFE', label: '萊爾富' },
  { value: 'OKMART', label: 'OK超商' },
] as const;

const DELIVERY_METHODS = [
  DeliveryMethod.GeneralHome,
  DeliveryMethod.LowTemperature,
  DeliveryMethod.ConvenienceStore,
  DeliveryMethod.BlackCatPickup,
] as const;

/** The domain's CHECKOUT_PAYMENT_METHODS (LINE Pay comes later), kept here without its Zod module. */
const PAYMENT_METHODS = [
  { value: PaymentMethod.Transfer, hint: '訂單成立後顯示匯款帳號，匯款後請通知我們帳號末五碼' },
  { value: PaymentMethod.VirtualAccount, hint: '取得專屬 ATM 繳費帳號，於期限內轉帳即可' },
  { value: PaymentMethod.Credit, hint: '經綠界 ECPay 安全加密付款' },
  { value: PaymentMethod.CashOnDelivery, hint: '商品送達或取貨時付款' },
] as const;

const INVOICE_TYPES = [
  { value: InvoiceType.Duplicate, label: '二聯式（個人）' },
  { value: InvoiceType.Triplicate, label: '三聯式（公司）' },
  { value: InvoiceType.Donate, label: '捐贈發票' },
] as const;

interface CheckoutFormProps {
  id: string;
  form: UseFormReturn<CheckoutValues, CheckoutContext>;
  priced: PricedOrder;
  shipping: ShippingSettings;
  bonusBalance: number;
  onSubmit: (event?: FormEvent) => void;
  /** The submit area (totals and button) — rendered where the page puts it. */
  children?: ReactNode;
}

/**
 * spec §2 /cart checkout: recipient, delivery, payment, e-invoice, points and remark. Errors show after
 * a field is touched (and all at once on submit); the server's field errors land on the same fields.
 */
export function CheckoutForm({ id, form, priced, shipping, bonusBalance, onSubmit, children }: CheckoutFormProps) {
  const uid = useId();
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form;
  const values = useWatch({ control }) as Partial<CheckoutValues>;
  const store = isStorePickup({ delivery_method: values.delivery_method ?? '' });
  const city = findTaiwanCity(values.city ?? '');
  const zip = values.city && values.district ? (taiwanPostalCode(values.city, values.district) ?? '') : '';

  const fieldId = (name: CheckoutField) => `${uid}-${name}`;
  const control_ = (name: CheckoutField) => ({
    id: fieldId(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${fieldId(name)}-error` : undefined,
  });
  const error = (name: CheckoutField) =>
    errors[name]?.message ? (
      <p id={`${fieldId(name)}-error`} className="field-error" role="alert">
        {errors[name]?.message}
      </p>
    ) : null;
  const label = (name: CheckoutField, text: string, required = true) => (
    <label htmlFor={fieldId(name)}>
      {text}
      {required ? (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </label>
  );
  const feeText = (method: number) => {
    const fee = shippingFeeFor(method, priced.netGoodsAmount, shipping);
    return fee === 0 ? msg.freeShipping : `運費 ${formatNtd(fee)}`;
  };

  return (
    <form
      id={id}
      className="checkout"
      aria-label="結帳資料"
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void loadCheckoutResolver()}
    >
      <fieldset className="checkout__section">
        <legend>收件資料</legend>
        <div className="checkout__grid">
          <div className="field">
            {label('recv_name', '收件人姓名')}
            <input type="text" autoComplete="name" {...control_('recv_name')} {...register('recv_name')} />
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
              {...control_('recv_cellphone')}
              {...register('recv_cellphone')}
            />
            {error('recv_cellphone')}
          </div>
        </div>
      </fieldset>

      <fieldset
        className="checkout__section"
        aria-describedby={errors.delivery_method ? `${fieldId('delivery_method')}-error` : undefined}
      >
        <legend>配送方式</legend>
        <div className="choice-list">
          {DELIVERY_METHODS.map((method) => (
            <label key={method} className="choice">
              <input type="radio" value={String(method)} {...register('delivery_method')} />
              <span className="choice__label">{msg.deliveryMethodLabel[method]}</span>
              <span className="choice__hint">{feeText(method)}</span>
            </label>
          ))}
        </div>
        {error('delivery_method')}

        {store ? (
          <div className="checkout__grid checkout__grid--store">
            <div className="field">
              {label('store_chain', '取貨超商')}
              <select {...control_('store_chain')} {...register('store_chain')}>
                <option value="">請選擇超商</option>
                {STORE_CHAINS.map((chain) => (
                  <option key={chain.value} value={chain.value}>
                    {chain.label}
                  </option>
                ))}
              </select>
              {error('store_chain')}
            </div>
            <div className="field">
              {label('store_id', '門市店號')}
              <input
                type="text"
                inputMode="numeric"
                maxLength={10}
                {...control_('store_id')}
                {...register('store_id')}
              />
              {error('store_id')}
            </div>
            <div className="field field--wide">
              {label('store_name', '門市名稱')}
              <input
                type="text"
                placeholder="例如：忠孝敦化門市"
                {...control_('store_name')}
                {...register('store_name')}
              />
              {error('store_name')}
              <p className="field__note">店號與店名可在各超商的門市查詢網站查到。</p>
            </div>
          </div>
        ) : (
          <div className="checkout__grid checkout__grid--address">
            <div className="field">
              {label('city', '縣市')}
              <select
                autoComplete="address-level1"
                {...control_('city')}
                {...register('city', { onChange: () => setValue('district', '') })}
              >
                <option value="">請選擇縣市</option>
                {TAIWAN_CITIES.map((c) => (
                  <option key={c.name} value={c.name}>
                    {c.name}
                  </option>
                ))}
              </select>
              {error('city')}
            </div>
            <div className="field">
              {label('district', '鄉鎮市區')}
              <select
                autoComplete="address-level2"
                disabled={!city}
                {...control_('district')}
                {...register('district')}
              >
                <option value="">請選擇鄉鎮市區</option>
                {city?.districts.map((d) => (
                  <option key={d.name} value={d.name}>
                    {d.zip} {d.name}
                  </option>
                ))}
              </select>
              {error('district')}
            </div>
            <div className="field field--zip">
              <label htmlFor={`${uid}-zip`}>郵遞區號</label>
              <input id={`${uid}-zip`} type="text" value={zip} readOnly tabIndex={-1} aria-readonly="true" />
            </div>
            <div className="field field--wide">
              {label('street', '詳細地址')}
              <input
                type="text"
                autoComplete="address-line1"
                placeholder="路名、門牌號碼、樓層"
                {...control_('street')}
                {...register('street')}
              />
              {error('street')}
            </div>
          </div>
        )}
      </fieldset>

      <fieldset className="checkout__section">
        <legend>付款方式</legend>
        <div className="choice-list">
          {PAYMENT_METHODS.map((method) => (
            <label key={method.value} className="choice">
              <input
                type="radio"
                value={String(method.value)}
                aria-invalid={errors.payment_type ? true : undefined}
                {...register('payment_type')}
              />
              <span className="choice__label">{msg.paymentMethodLabel[method.value]}</span>
              <span className="choice__hint">{method.hint}</span>
            </label>
          ))}
        </div>
        {error('payment_type')}
      </fieldset>

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
        {error('invoice_type')}
        {values.invoice_type === String(InvoiceType.Duplicate) ? (
          <div className="checkout__grid">
            <div className="field">
              {label('carrier_type', '載具', false)}
              <select {...control_('carrier_type')} {...register('carrier_type')}>
                <option value={CarrierType.None}>不使用載具（會員載具）</option>
                <option value={CarrierType.MobileBarcode}>手機條碼</option>
                <option value={CarrierType.CitizenCertificate}>自然人憑證</option>
              </select>
              {error('carrier_type')}
            </div>
            {values.carrier_type && values.carrier_type !== CarrierType.None ? (
              <div className="field">
                {label('carrier', values.carrier_type === CarrierType.MobileBarcode ? '手機條碼' : '自然人憑證條碼')}
                <input
                  type="text"
                  autoCapitalize="characters"
                  spellCheck={false}
                  placeholder={values.carrier_type === CarrierType.MobileBarcode ? '/ABC1234' : 'AB12345678901234'}
                  maxLength={values.carrier_type === CarrierType.MobileBarcode ? 8 : 16}
                  {...control_('carrier')}
                  {...register('carrier')}
                />
                {error('carrier')}
              </div>
            ) : null}
          </div>
        ) : null}
        {values.invoice_type === String(InvoiceType.Triplicate) ? (
          <div className="checkout__grid">
            <div className="field">
              {label('tax_id', '統一編號')}
              <input type="text" inputMode="numeric" maxLength={8} {...control_('tax_id')} {...register('tax_id')} />
              {error('tax_id')}
            </div>
            <div className="field">
              {label('title', '公司抬頭')}
              <input type="text" autoComplete="organization" {...control_('title')} {...register('title')} />
              {error('title')}
            </div>
          </div>
        ) : null}
        {values.invoice_type === String(InvoiceType.Donate) ? (
          <div className="checkout__grid">
            <div className="field">
              {label('donate_code', '捐贈碼（愛心碼）')}
              <input
                type="text"
                inputMode="numeric"
                maxLength={7}
                {...control_('donate_code')}
                {...register('donate_code')}
              />
              {error('donate_code')}
              <p className="field__note">3 至 7 碼數字，例如 919。</p>
            </div>
          </div>
        ) : null}
      </fieldset>

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
              {...control_('use_bonus')}
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
            <textarea rows={3} maxLength={REMARK_MAX} {...control_('remark')} {...register('remark')} />
            <p className="field__hint">
              {values.remark?.length ?? 0} / {REMARK_MAX}
            </p>
            {error('remark')}
          </div>
        </div>
      </fieldset>
      {children}
    </form>
  );
}
