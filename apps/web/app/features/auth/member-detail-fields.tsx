import { Gender, MEMBER_NAME_MAX, msg } from '@shop/domain';
import { useWatch, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { TaiwanAddressFields } from '../../components/taiwan-address-fields.tsx';
import { FormField, fieldAria } from '../../components/ui/form-field.tsx';

/** The member's name, as the sign-up and the profile ask for it. */
export function MemberNameField({ id, error, field }: { id: string; error?: string; field: UseFormRegisterReturn }) {
  return (
    <FormField id={id} label="姓名" required error={error}>
      <input
        type="text"
        autoComplete="name"
        maxLength={MEMBER_NAME_MAX}
        {...fieldAria(id, error)}
        {...field}
        required
      />
    </FormField>
  );
}

interface GenderFieldProps {
  field: UseFormRegisterReturn;
  /** The sign-up says 「（選填）」 and shows the server's word on it; the profile does neither. */
  optional?: boolean;
  error?: string;
}

/** 男 or 女 as radio buttons (the values are strings; `genderAsNumber` turns them back). */
export function GenderField({ field, optional = false, error }: GenderFieldProps) {
  return (
    <fieldset className="gender-field">
      <legend>性別{optional ? <span className="field__optional">（選填）</span> : null}</legend>
      <div className="gender-field__options">
        {[Gender.MALE, Gender.FEMALE].map((g) => (
          <label key={g} className="radio">
            <input type="radio" value={g} {...field} />
            {msg.genderLabel[g]}
          </label>
        ))}
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

type AddressValues = { city?: string; area?: string; address?: string };

/** The member's city, district and street, wired to the form (a new city empties the district). */
export function MemberAddressFields<T extends AddressValues>({
  idPrefix,
  form,
}: {
  idPrefix: string;
  form: UseFormReturn<T>;
}) {
  // The three fields every such form has, whatever else it holds.
  const { register, setValue, control, formState } = form as unknown as UseFormReturn<AddressValues>;
  const city = useWatch({ control, name: 'city' });
  const { errors } = formState;
  return (
    <TaiwanAddressFields
      idPrefix={idPrefix}
      city={city ?? ''}
      cityField={register('city')}
      areaField={register('area')}
      addressField={register('address')}
      onCityChange={() => setValue('area', '')}
      errors={{ city: errors.city?.message, area: errors.area?.message, address: errors.address?.message }}
    />
  );
}
