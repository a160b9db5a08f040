// Files area (spec §7): POST /upload (members only, multipart field `file`) → the stored file's reference.
import { apiSend, type ApiFetch } from './client.ts';

/**
 * The reference the return request stores in its `pic` list. The API answers the stored name; an
 * object answer (`{name}`, `{key}`, `{url}`) is read too, so the request always carries one string.
 */
export function uploadedReference(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data && typeof data === 'object') {
    for (const key of ['name', 'key', 'file', 'url', 'path'] as const) {
      const value = (data as Record<string, unknown>)[key];
      if (typeof value === 'string' && value !== '') return value;
    }
  }
  throw new Error('upload answered no file reference');
}

export async function uploadImage(api: ApiFetch, file: Blob, fileName: string): Promise<string> {
  const form = new FormData();
  form.append('file', file, fileName);
  return uploadedReference(await apiSend<unknown>(api, 'POST', '/upload', form));
}
