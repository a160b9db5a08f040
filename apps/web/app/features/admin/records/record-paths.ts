// The back-office pages that share one list screen and one edit screen (records.tsx, record-edit.tsx).
// Plain data: app/admin-routes.ts reads it when the route tree is built.
export const RECORD_PATHS = [
  'product-types',
  'package-types',
  'product-packages',
  'product-bundles',
  'coupons',
  'courses',
  'course-types',
  'tags',
  'news',
  'articles',
  'article-categories',
  'carousels',
  'index-areas',
  'special-areas',
  'common-questions',
  'about-pages',
] as const;

export type RecordPath = (typeof RECORD_PATHS)[number];

export function isRecordPath(value: string): value is RecordPath {
  return (RECORD_PATHS as readonly string[]).includes(value);
}
