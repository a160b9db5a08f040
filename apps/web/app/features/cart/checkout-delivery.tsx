import {
  DeliveryMethod,
  TAIWAN_CITIES,
  findTaiwanCity,
  formatNtd,
  msg,
  shippingFeeFor,
  taiwanPostalCode,
  type OrderTotals,
  type ShippingSettings,
} from '@shop/domain';
import type { UseFormSetValue } from 'react-hook-form';
import type { CheckoutSectionProps } from './checkout-fields.tsx';
import { isStorePickup, type CheckoutValues } from './checkout-values.ts';

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

interface CheckoutDeliveryProps extends CheckoutSectionProps {
  values: Partial<CheckoutValues>;
  setValue: UseFormSetValue<CheckoutValues>;
  priced: OrderTotals;
  shipping: ShippingSettings;
}

/** 配送方式: each method with its fee for this order, then the pickup store or the address. */
export function CheckoutDelivery({ fields, register, values, setValue, priced, shipping }: CheckoutDeliveryProps) {
  const { fieldId, error, errors } = fields;
  const store = isStorePickup({ delivery_method: values.delivery_method ?? '' });
  const feeText = (method: number) => {
    const fee = shippingFeeFor(method, priced.netGoodsAmount, shipping);
    return fee === 0 ? msg.freeShipping : `運費 ${formatNtd(fee)}`;
  };
  return (
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
        <StoreFields fields={fields} register={register} />
      ) : (
        <AddressFields fields={fields} register={register} values={values} setValue={setValue} />
      )}
    </fieldset>
  );
}

function StoreFields({ fields, register }: CheckoutSectionProps) {
  const { control, error, label } = fields;
  return (
    <div className="checkout__grid checkout__grid--store">
      <div className="field">
        {label('store_chain', '取貨超商')}
        <select {...control('store_chain')} {...register('store_chain')}>
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
        <input type="text" inputMode="numeric" maxLength={10} {...control('store_id')} {...register('store_id')} />
        {error('store_id')}
      </div>
      <div className="field field--wide">
        {label('store_name', '門市名稱')}
        <input type="text" placeholder="例如：忠孝敦化門市" {...control('store_name')} {...register('store_name')} />
        {error('store_name')}
        <p className="field__note">店號與店名可在各超商的門市查詢網站查到。</p>
      </div>
    </div>
  );
}

/** City, then its districts; the postal code follows from the two. */
function AddressFields({
  fields,
  register,
  values,
  setValue,
}: CheckoutSectionProps & Pick<CheckoutDeliveryProps, 'values' | 'setValue'>) {
  const { uid, control, error, label } = fields;
  const city = findTaiwanCity(values.city ?? '');
  const zip = values.city && values.district ? (taiwanPostalCode(values.city, values.district) ?? '') : '';
  return (
    <div className="checkout__grid checkout__grid--address">
      <div className="field">
        {label('city', '縣市')}
        <select
          autoComplete="address-level1"
          {...control('city')}
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
        <select autoComplete="address-level2" disabled={!city} {...control('district')} {...register('district')}>
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
          {...control('street')}
          {...register('street')}
        />
        {error('street')}
      </div>
    </div>
  );
}
