// Every page action reads its form through here (lint refuses request.formData() elsewhere).
import { data } from 'react-router';

/**
 * The posted form, or a 400 answer when there is none to read: a bare POST, a JSON or text body, a
 * broken multipart body. Fetch's formData() throws a TypeError for those, which would be a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    // eslint-disable-next-line no-restricted-syntax -- the one place a form is read
    return await request.formData();
  } catch {
    throw data(null, { status: 400 });
  }
}
