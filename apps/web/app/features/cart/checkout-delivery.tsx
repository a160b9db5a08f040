import {
  DeliveryMethod,
  STORE_CHAIN_NAMES,
  findTaiwanCity,
  formatNtd,
  msg,
  shippingFeeFor,
  taiwanPostalCode,
  type OrderTotals,
  type ShippingSettings,
  type StoreChain,
} from '@shop/domain';
import type { UseFormSetValue } from 'react-hook-form';
import { TaiwanCityOptions } from '../../components/taiwan-address-fields.tsx';
import type { CheckoutSectionProps } from './checkout-fields.tsx';
import { isStorePickup, type CheckoutValues } from './checkout-values.ts';
import { isStoreChain, NO_STORE } from './store-map.ts';

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
  /** The chains the shop's ECPay contract reaches (GET /logistics/store-chains). */
  storeChains: readonly StoreChain[];
  /** 選擇門市: opens the chain's store map (the page is left). */
  onChooseStore: (chain: StoreChain) => void;
  /** The page is leaving for the map or a payment. */
  busy: boolean;
}

/** 配送方式: each method with its fee for this order, then the pickup store or the address. */
export function CheckoutDelivery({
  fields,
  register,
  values,
  setValue,
  priced,
  shipping,
  storeChains,
  onChooseStore,
  busy,
}: CheckoutDeliveryProps) {
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
        <StoreFields
          fields={fields}
          register={register}
          values={values}
          setValue={setValue}
          storeChains={storeChains}
          onChooseStore={onChooseStore}
          busy={busy}
        />
      ) : (
        <AddressFields fields={fields} register={register} values={values} setValue={setValue} />
      )}
    </fieldset>
  );
}

/**
 * 超商取貨: the chain, then the store chosen on the chain's map (ECPay's 電子地圖). Nothing is typed:
 * the store and its address come back from the map (docs/decisions/053).
 */
function StoreFields({
  fields,
  register,
  values,
  setValue,
  storeChains,
  onChooseStore,
  busy,
}: CheckoutSectionProps &
  Pick<CheckoutDeliveryProps, 'values' | 'setValue' | 'storeChains' | 'onChooseStore' | 'busy'>) {
  const { uid, fieldId, error, errors } = fields;
  const chain = values.store_chain ?? '';
  const chosen = values.store_token && values.store_id ? values : null;
  const clearStore = () => {
    for (const [name, value] of Object.entries(NO_STORE)) setValue(name as keyof typeof NO_STORE, value);
  };
  const storeId = fieldId('store_id');
  return (
    <div className="store-pickup">
      <fieldset
        className="store-pickup__chains"
        aria-describedby={errors.store_chain ? `${fieldId('store_chain')}-error` : undefined}
      >
        <legend>取貨超商</legend>
        <div className="segmented">
          {storeChains.map((c) => (
            <label key={c} className="segmented__option">
              <input
                type="radio"
                value={c}
                aria-invalid={errors.store_chain ? true : undefined}
                {...register('store_chain', { onChange: clearStore })}
              />
              <span>{STORE_CHAIN_NAMES[c]}</span>
            </label>
          ))}
        </div>
        {error('store_chain')}
      </fieldset>
      <div className="store-pickup__store" role="group" aria-labelledby={`${uid}-store-title`}>
        <p id={`${uid}-store-title`} className="store-pickup__title">
          取貨門市
        </p>
        {chosen ? (
          <div
            className="store-pickup__chosen"
            id={storeId}
            aria-describedby={errors.store_id ? `${storeId}-error` : undefined}
          >
            <p className="store-pickup__name">
              {STORE_CHAIN_NAMES[chosen.store_chain as StoreChain] ?? chosen.store_chain} {chosen.store_name}
              <span className="store-pickup__id">（店號 {chosen.store_id}）</span>
            </p>
            {chosen.store_address ? <p className="store-pickup__address">{chosen.store_address}</p> : null}
          </div>
        ) : (
          <p
            className="store-pickup__none"
            id={storeId}
            aria-describedby={errors.store_id ? `${storeId}-error` : undefined}
          >
            {chain ? '尚未選擇門市：請在超商的門市地圖上選擇。' : '請先選擇超商，再選擇取貨門市。'}
          </p>
        )}
        <button
          type="button"
          className="button button--ghost store-pickup__open"
          disabled={busy || !isStoreChain(chain, storeChains)}
          onClick={() => {
            if (isStoreChain(chain, storeChains)) onChooseStore(chain);
          }}
        >
          {chosen ? '更換門市' : '選擇門市'}
        </button>
        {error('store_id')}
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
          <TaiwanCityOptions />
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
