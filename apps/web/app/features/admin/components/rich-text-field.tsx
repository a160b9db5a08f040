// A rich-text field. The editor (TipTap, ~100 KB) is fetched only in the browser and only on pages
// that have such a field; until then (and without JavaScript) a plain textarea edits the HTML.
import { lazy, Suspense, useId, useSyncExternalStore } from 'react';
import { Field } from './fields.tsx';

const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

const noSubscription = () => () => {};

/** False on the server and while hydrating, true afterwards: the editor only exists in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

interface RichTextFieldProps {
  label: string;
  name: string;
  defaultValue: string;
  error?: string;
  help?: string;
  required?: boolean;
}

export function RichTextField({ label, name, defaultValue, error, help, required }: RichTextFieldProps) {
  const mounted = useHydrated();
  const id = useId();
  return (
    <Field label={label} error={error} help={help} required={required} wide htmlFor={mounted ? undefined : id}>
      {({ describedBy, invalid }) => {
        const plain = (
          <textarea
            id={id}
            name={name}
            className="bo-textarea"
            rows={10}
            defaultValue={defaultValue}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
          />
        );
        return mounted ? (
          <Suspense fallback={plain}>
            <RichTextEditor name={name} label={label} defaultValue={defaultValue} describedBy={describedBy} />
          </Suspense>
        ) : (
          plain
        );
      }}
    </Field>
  );
}
