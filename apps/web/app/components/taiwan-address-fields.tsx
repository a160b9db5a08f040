import { ADDRESS_MAX, TAIWAN_CITIES, findTaiwanCity } from '@shop/domain';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, fieldAria } from './ui/form-field.tsx';

interface TaiwanAddressFieldsProps {
  idPrefix: string;
  /** The chosen city (watched), to list its districts. */
  city: string;
  cityField: UseFormRegisterReturn;
  areaField: UseFormRegisterReturn;
  addressField: UseFormRegisterReturn;
  /** Called after the city changed: the district belonged to the old city. */
  onCityChange(): void;
  errors: { city?: string; area?: string; address?: string };
  required?: boolean;
}

/** The city <select>'s options: a prompt, then Taiwan's 22 cities. */
export function TaiwanCityOptions() {
  return (
    <>
      <option value="">請選擇縣市</option>
      {TAIWAN_CITIES.map((c) => (
        <option key={c.name} value={c.name}>
          {c.name}
        </option>
      ))}
    </>
  );
}

/**
 * 縣市 → 鄉鎮市區 (with postal code) → street address, from Taiwan's 22 cities and 368 districts
 * (packages/domain taiwan-districts.ts). Used by registration and the member profile.
 */
export function TaiwanAddressFields(props: TaiwanAddressFieldsProps) {
  const { idPrefix, city, cityField, areaField, addressField, onCityChange, errors, required = false } = props;
  const districts = findTaiwanCity(city)?.districts ?? [];
  const ids = { city: `${idPrefix}-city`, area: `${idPrefix}-area`, address: `${idPrefix}-address` };
  return (
    <fieldset className="address-fields field--wide">
      <legend className="address-fields__legend">
        地址{required ? null : <span className="field__optional">（選填）</span>}
      </legend>
      <div className="address-fields__row">
        <FormField id={ids.city} label="縣市" required={required} markOptional={false} error={errors.city}>
          <select
            {...fieldAria(ids.city, errors.city)}
            {...cityField}
            onChange={(event) => {
              void cityField.onChange(event);
              onCityChange();
            }}
          >
            <TaiwanCityOptions />
          </select>
        </FormField>
        <FormField id={ids.area} label="鄉鎮市區" required={required} markOptional={false} error={errors.area}>
          <select {...fieldAria(ids.area, errors.area)} {...areaField} disabled={districts.length === 0}>
            <option value="">{districts.length ? '請選擇鄉鎮市區' : '請先選擇縣市'}</option>
            {districts.map((d) => (
              <option key={`${d.zip}${d.name}`} value={d.name}>
                {d.zip} {d.name}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField id={ids.address} label="詳細地址" required={required} markOptional={false} error={errors.address}>
        <input
          type="text"
          autoComplete="street-address"
          maxLength={ADDRESS_MAX}
          placeholder="路街、巷弄、門牌、樓層"
          {...fieldAria(ids.address, errors.address)}
          {...addressField}
        />
      </FormField>
    </fieldset>
  );
}
