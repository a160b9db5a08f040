import { useEffect, useEffectEvent, type FormEventHandler, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { FetcherWithComponents } from 'react-router';
import { FormResult } from '../auth/form-result.tsx';
import { preloadMemberResolvers } from '../auth/lazy-resolver.ts';
import { handleTokenExpired } from '../auth/session-refresh.ts';
import type { PersonalInfoIntent, PersonalInfoResult } from './personal-info-action.server.ts';

interface PersonalInfoAnswerOptions<T extends FieldValues> {
  fetcher: FetcherWithComponents<PersonalInfoResult>;
  intent: PersonalInfoIntent;
  /** The fields the form shows the server's word beside. */
  fields: ReadonlyArray<Path<T>>;
  setError: UseFormSetError<T>;
  /** After a save went through (the password form empties itself). */
  onSaved?: () => void;
}

/**
 * What the page's action answered this form (both forms post to one action): a refused token is
 * refreshed (spec §4), the server's field errors go beside their controls.
 */
export function usePersonalInfoAnswer<T extends FieldValues>(options: PersonalInfoAnswerOptions<T>) {
  const { fetcher, intent, fields, setError, onSaved } = options;
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  const saved = useEffectEvent(() => onSaved?.());
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      saved();
      return;
    }
    if (result.tokenExpired) handleTokenExpired();
    for (const e of result.errors ?? []) {
      const field = fields.find((f) => f === e.field);
      if (field) setError(field, { message: e.msg });
    }
  }, [result, fields, setError]);
  return result;
}

interface PersonalInfoFormProps {
  /** The form's `useId()`; its heading is `{id}-title`. */
  id: string;
  title: string;
  lead?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  busy: boolean;
  /** The button's words, and what it says while sending. */
  submitLabel: string;
  busyLabel: string;
  result: PersonalInfoResult | undefined;
  children: ReactNode;
}

/** One titled form of /member/personal-info: its fields in a grid, the button and the result beside it. */
export function PersonalInfoForm(props: PersonalInfoFormProps) {
  const { id, title, lead, onSubmit, busy, submitLabel, busyLabel, result, children } = props;
  return (
    <form
      method="post"
      className="member-form"
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void preloadMemberResolvers()}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="member-section__subtitle">
        {title}
      </h2>
      {lead ? <p className="member-form__lead">{lead}</p> : null}
      <div className="member-form__grid">{children}</div>
      <div className="member-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
        <FormResult message={result ? { ok: result.ok, text: busy ? '' : result.message } : null} role="status" />
      </div>
    </form>
  );
}
