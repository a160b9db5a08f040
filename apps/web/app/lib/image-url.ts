// The one place that turns a stored image key into a URL (spec §7 "Image URLs").

const OWN_UPLOADS = '/uploads/';

/**
 * Where uploaded keys are served from (spec §3 file-server info: host and pic path; issue 23 item 3):
 * the shop's own `/uploads/` unless FILE_SERVER_URL names a CDN or object storage in front of them.
 */
export function uploadsBaseFor(fileServerUrl: string | null | undefined): string {
  const host = (fileServerUrl ?? '').trim().replace(/\/+$/, '');
  return /^https?:\/\/[^/\s]+/i.test(host) ? `${host}${OWN_UPLOADS}` : OWN_UPLOADS;
}

// One value per process (the server's setting) and per page (the root loader passes it to the browser).
let uploadsBase = OWN_UPLOADS;

export function setUploadsBase(base: string | null | undefined): void {
  uploadsBase = base && (base === OWN_UPLOADS || /^https?:\/\//i.test(base)) ? base : OWN_UPLOADS;
}

/** Characters encodeURIComponent leaves as they are, and the path's slashes. */
const PLAIN_PATH = /^[A-Za-z0-9/._~!*'()-]*$/;

/**
 * - `demo/products/p01.webp` (an uploaded key) → `/uploads/demo/products/p01.webp`, or on the file
 *   server: `https://cdn.example.tw/uploads/demo/products/p01.webp`
 * - `images/img/about-5.jpg` (a default-image key) → `/images/img/about-5.jpg`, a file in apps/web/public
 * - absolute URLs and root-relative paths pass through; an empty key gives ''.
 */
export function imageUrl(key: string | null | undefined): string {
  const k = (key ?? '').trim();
  if (k === '') return '';
  if (/^(https?:)?\/\//i.test(k) || k.startsWith('/') || k.startsWith('data:')) return k;
  if (k.startsWith('images/')) return `/${k}`;
  // Most keys are plain ASCII paths, which need no encoding (a page builds dozens of these).
  const path = PLAIN_PATH.test(k) ? k : k.split('/').map(encodeURIComponent).join('/');
  return `${uploadsBase}${path}`;
}
