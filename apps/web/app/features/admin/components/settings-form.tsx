// 商店設定's forms: each section is one card with one form, its fields written as a short description
// list (what the owner sees and the API name), so the page says what it asks, not how to draw it.
import type { ComponentProps, ReactNode } from 'react';
import { Form } from 'react-router';
import { CheckboxField, CheckboxList, TextArea, TextField } from './fields.tsx';
import { SubmitButton } from './page-parts.tsx';
import { PictureField } from './picture-field.tsx';

type Described<P, Drop extends string> = Omit<P, Drop | 'name'>;

/** One setting of a section, named as the API names it; its value and error come from the section. */
export type SettingField<N extends string = string> =
  | ({ kind: 'text'; name: N } & Described<ComponentProps<typeof TextField>, 'defaultValue' | 'error'>)
  | ({ kind: 'area'; name: N } & Described<ComponentProps<typeof TextArea>, 'defaultValue' | 'error'>)
  | ({ kind: 'check'; name: N } & Described<ComponentProps<typeof CheckboxField>, 'defaultChecked' | 'error'>)
  | ({ kind: 'choices'; name: N } & Described<ComponentProps<typeof CheckboxList>, 'checked' | 'error'>)
  | ({ kind: 'picture'; name: N } & Described<ComponentProps<typeof PictureField>, 'defaultValue' | 'error'>)
  /** Sent back unchanged (a setting the page does not edit). */
  | { kind: 'hidden'; name: N };

function SettingInput({ field, value, error }: { field: SettingField; value: unknown; error?: string }) {
  switch (field.kind) {
    case 'text': {
      const { kind: _kind, ...props } = field;
      return <TextField {...props} defaultValue={value as string | number | null} error={error} />;
    }
    case 'area': {
      const { kind: _kind, ...props } = field;
      return <TextArea {...props} defaultValue={value as string | null} error={error} />;
    }
    case 'check': {
      const { kind: _kind, ...props } = field;
      return <CheckboxField {...props} defaultChecked={value as boolean} error={error} />;
    }
    case 'choices': {
      const { kind: _kind, ...props } = field;
      return <CheckboxList {...props} checked={value as (string | number)[]} error={error} />;
    }
    case 'picture': {
      const { kind: _kind, ...props } = field;
      return <PictureField {...props} defaultValue={value ? [value as string] : []} error={error} />;
    }
    case 'hidden':
      return <input type="hidden" name={field.name} value={value as string} />;
  }
}

/** The described fields with the section's saved values and the API's errors for them. */
export function SettingFields<V extends object>({
  fields,
  values,
  errors,
}: {
  fields: readonly SettingField<Extract<keyof V, string>>[];
  values: V;
  errors: Record<string, string>;
}) {
  return (
    <>
      {fields.map((field) => (
        <SettingInput key={field.name} field={field} value={values[field.name]} error={errors[field.name]} />
      ))}
    </>
  );
}

/**
 * A section card with its own form. `formKey` changes after a save (the section's version), so the
 * form is drawn again from the saved values.
 */
export function SettingsCard({
  id,
  title,
  intro,
  formKey,
  version,
  intent,
  submit,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  formKey: string;
  version?: number;
  intent: string;
  submit: string;
  children: ReactNode;
}) {
  return (
    <section className="bo-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {intro}
      <Form method="post" className="bo-form" key={formKey}>
        {version === undefined ? null : <input type="hidden" name="version" value={version} />}
        {children}
        <div className="bo-actions">
          <SubmitButton intent={intent}>{submit}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
