// Uploading a back-office picture from the browser: compressed first (spec §5: quality 0.6, at most
// 1920 px wide), then sent with the HttpOnly staff cookie and the XSRF header (docs/decisions/010).
import type { UploadedPicture } from '@shop/domain';
import { readCookie } from '../../api/client.ts';

async function compress(file: File): Promise<Blob> {
  // compressorjs is only needed once somebody picks a file.
  const { default: Compressor } = await import('compressorjs');
  return new Promise((resolve) => {
    new Compressor(file, {
      quality: 0.6,
      maxWidth: 1920,
      success: resolve,
      // A picture the browser cannot re-encode (e.g. an animated GIF) goes as it is; the server checks it.
      error: () => resolve(file),
    });
  });
}

export async function uploadPicture(file: File, purpose: 'image' | 'favicon' = 'image'): Promise<UploadedPicture> {
  const body = new FormData();
  const blob = purpose === 'favicon' ? file : await compress(file);
  body.append('file', blob, file.name);
  const xsrf = readCookie(document.cookie, 'XSRF-TOKEN');
  const res = await fetch(`/api/v1/admin/uploads?purpose=${purpose}`, {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {},
  });
  const answer = (await res.json().catch(() => ({}))) as { data?: UploadedPicture; msg?: string };
  if (!res.ok || !answer.data) throw new Error(answer.msg ?? '上傳失敗，請稍後再試');
  return answer.data;
}
