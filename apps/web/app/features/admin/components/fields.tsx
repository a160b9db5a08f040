// Labelled back-office form fields with their zh-TW error from the API (400 field errors).
import { useId, type ReactNode } from 'react';

interface FieldShell {
  label: string;
  /** The API's field name; also the input's name. */
  name: string;
  error?: string;
  help?: ReactNode;
  required?: boolean;
  wide?: boolean;
}

/** Label, control, help and error, linked for screen readers (aria-describedby, aria-invalid). */
export function Field({
  label,
  error,
  help,
  required,
  wide,
  children,
  htmlFor,
}: Omit<FieldShell, 'name'> & {
  htmlFor?: string;
  children: (ids: { describedBy?: string; invalid: boolean }) => ReactNode;
}) {
  const id = useId();
  const helpId = help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`bo-field${wide ? ' bo-field--wide' : ''}`}>
      {htmlFor ? (
        <label htmlFor={htmlFor}>
          {label}
          {required ? (
            <span className="bo-field__required" aria-hidden="true">
              *
            </span>
          ) : null}
        </label>
      ) : (
        <span className="bo-field__label">
          {label}
          {required ? (
            <span className="bo-field__required" aria-hidden="true">
              *
            </span>
          ) : null}
        </span>
      )}
      {children({ describedBy, invalid: Boolean(error) })}
      {help ? (
        <p id={helpId} className="bo-field__help">
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="bo-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = FieldShell & {
  defaultValue?: string | number | null;
  type?: 'text' | 'number' | 'email' | 'password' | 'date' | 'datetime-local' | 'url' | 'tel' | 'search';
  placeholder?: string;
  maxLength?: number;
  min?: number | string;
  max?: number | string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'tel' | 'email';
  narrow?: boolean;
  /** The id of a `<datalist>` of suggestions. */
  list?: string;
};

/** What a labelled control carries: its id for the label, its name, and how it is described. */
interface ControlAttributes {
  id: string;
  name: string;
  required?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** A Field whose label points at one control (input, textarea or select). */
function LabelledControl({
  shell: { label, name, error, help, required, wide },
  children,
}: {
  shell: FieldShell;
  children: (control: ControlAttributes) => ReactNode;
}) {
  const id = useId();
  return (
    <Field label={label} error={error} help={help} required={required} wide={wide} htmlFor={id}>
      {({ describedBy, invalid }) =>
        children({ id, name, required, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy })
      }
    </Field>
  );
}

export function TextField({ label, name, error, help, required, wide, defaultValue, narrow, ...rest }: InputProps) {
  return (
    <LabelledControl shell={{ label, name, error, help, required, wide }}>
      {(control) => (
        <input
          {...control}
          className={`bo-input${narrow ? ' bo-input--narrow' : ''}`}
          defaultValue={defaultValue ?? ''}
          {...rest}
        />
      )}
    </LabelledControl>
  );
}

export function TextArea({
  defaultValue,
  rows = 4,
  maxLength,
  ...shell
}: FieldShell & { defaultValue?: string | null; rows?: number; maxLength?: number }) {
  return (
    <LabelledControl shell={shell}>
      {(control) => (
        <textarea
          {...control}
          className="bo-textarea"
          rows={rows}
          maxLength={maxLength}
          defaultValue={defaultValue ?? ''}
        />
      )}
    </LabelledControl>
  );
}

export interface Option {
  value: string | number;
  label: string;
}

export function SelectField({
  defaultValue,
  options,
  emptyLabel,
  ...shell
}: FieldShell & { defaultValue?: string | number | null; options: readonly Option[]; emptyLabel?: string }) {
  return (
    <LabelledControl shell={shell}>
      {(control) => (
        <select
          {...control}
          className="bo-select"
          defaultValue={defaultValue === null || defaultValue === undefined ? '' : String(defaultValue)}
        >
          {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </LabelledControl>
  );
}

export function CheckboxField({
  label,
  name,
  error,
  help,
  wide,
  defaultChecked,
  text,
}: FieldShell & { defaultChecked?: boolean; text: string }) {
  return (
    <Field label={label} error={error} help={help} wide={wide}>
      {({ describedBy, invalid }) => (
        <label className="bo-check">
          <input
            type="checkbox"
            name={name}
            defaultChecked={defaultChecked}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
          />
          {text}
        </label>
      )}
    </Field>
  );
}

/** A level-1 option starts a row; its indented children follow on the same row. */
function rowsOf<T extends Option & { indent?: boolean }>(options: readonly T[]): T[][] {
  const rows: T[][] = [];
  for (const o of options) {
    if (o.indent && rows.length) rows.at(-1)!.push(o);
    else rows.push([o]);
  }
  return rows;
}

/** Several checkboxes of one list field (e.g. the types a product is listed under). */
export function CheckboxList({
  label,
  name,
  error,
  help,
  wide,
  options,
  checked,
}: FieldShell & { options: readonly (Option & { indent?: boolean })[]; checked: readonly (string | number)[] }) {
  const chosen = new Set(checked.map(String));
  return (
    <Field label={label} error={error} help={help} wide={wide}>
      {({ describedBy }) => (
        <div role="group" aria-label={label} aria-describedby={describedBy} className="bo-check-rows">
          {rowsOf(options).map((row) => (
            <div key={row[0]!.value} className="bo-check-row">
              {row.map((o) => (
                <label key={o.value} className="bo-check">
                  <input type="checkbox" name={name} value={o.value} defaultChecked={chosen.has(String(o.value))} />
                  {o.label}
                </label>
              ))}
            </div>
          ))}
        </div>
      )}
    </Field>
  );
}
