import { ApiError } from '../../api/client.ts';

/** The zh-TW message of a failed call, and the field errors the form can show beside its controls. */
export function explainError<F extends string>(
  error: unknown,
  fields: readonly F[],
): { message: string; fieldErrors: Array<{ field: F; msg: string }> } {
  if (!(error instanceof ApiError)) return { message: '系統忙碌中，請稍後再試', fieldErrors: [] };
  const fieldErrors = error.errors.flatMap((e) => {
    const field = fields.find((f) => f === e.field);
    return field ? [{ field, msg: e.msg }] : [];
  });
  return { message: error.message, fieldErrors };
}
