// The one place that turns a stored image key into a URL (spec §7 "Image URLs").

/**
 * - `demo/products/p01.webp` (an uploaded key) → `/uploads/demo/products/p01.webp`
 * - `images/img/about-5.jpg` (a default-image key) → `/images/img/about-5.jpg`, a file in apps/web/public
 * - absolute URLs and root-relative paths pass through; an empty key gives ''.
 */
export function imageUrl(key: string | null | undefined): string {
  const k = (key ?? '').trim();
  if (k === '') return '';
  if (/^(https?:)?\/\//i.test(k) || k.startsWith('/') || k.startsWith('data:')) return k;
  if (k.startsWith('images/')) return `/${k}`;
  return `/uploads/${k.split('/').map(encodeURIComponent).join('/')}`;
}
