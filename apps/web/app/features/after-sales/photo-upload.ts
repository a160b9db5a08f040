import type { ApiFetch } from '../../api/client.ts';
import { deleteUpload } from '../../api/uploads.ts';
import type { PickedPhoto } from './photo-picker.tsx';

/** The seams of a form with photos, for tests: the browser compression (compressorjs) and the upload. */
export interface PhotoUploadSeams {
  compress?: (file: File) => Promise<File>;
  upload?: (api: ApiFetch, file: File, name: string) => Promise<string>;
}

/** The server's field names that speak of the photos. */
export const isPhotoField = (field: string) => field === 'pic' || field === 'file';

/**
 * Uploads the photos one by one (POST /upload), then sends the form with their names. When anything
 * fails, the photos already uploaded are deleted — those of a request that did not go through are of
 * no use to the shop — and the error goes on to the form.
 */
export async function sendWithPhotos(
  api: ApiFetch,
  images: readonly PickedPhoto[],
  upload: NonNullable<PhotoUploadSeams['upload']>,
  send: (names: string[]) => Promise<void>,
): Promise<void> {
  const names: string[] = [];
  try {
    for (const image of images) names.push(await upload(api, image.file, image.file.name));
    await send(names);
  } catch (error) {
    for (const name of names) void deleteUpload(api, name).catch(() => undefined);
    throw error;
  }
}
