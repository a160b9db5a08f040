// What a /products URL asks for (spec §2 routes table). One parser, so a bad link always lands on a
// defined view: the empty state or the first page, never an error (issue 4, bad input).
import { parsePageParam } from '@shop/domain';

/** Largest id the API accepts (a PostgreSQL integer). */
const MAX_ID = 2_147_483_647;
/** Longest package type name the API accepts. */
const TYPE_NAME_MAX = 100;

export type CatalogueView =
  /** /products?t={type id}&sn={id} */
  | { kind: 'product'; id: number; typeId: number | null }
  /** /products?t={package type name}&sn={id}&pkg=1 */
  | { kind: 'package'; id: number; typeName: string | null }
  /** /products?t={package type name}&pkg=1 (all packages without t) */
  | { kind: 'package-list'; typeName: string | null; page: number }
  /** /products?t={id}&bundle={id} */
  | { kind: 'bundle'; bundleId: number; page: number }
  /** /products?t={type id}; a level-1 type lists its children's products too */
  | { kind: 'type'; typeId: number; page: number }
  /** /products */
  | { kind: 'all'; page: number }
  /** A value that cannot name anything (t=abc, sn=-1, bundle=1.5…): the empty state. */
  | { kind: 'unknown' };

/** A positive database id written as plain digits, else null. */
export function parseId(value: string | null): number | null {
  if (value === null || !/^\s*\d{1,10}\s*$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= MAX_ID ? n : null;
}

function present(value: string | null): value is string {
  return value !== null && value.trim() !== '';
}

export function parseCatalogueQuery(search: URLSearchParams | string): CatalogueView {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  const t = q.get('t');
  const sn = q.get('sn');
  const bundle = q.get('bundle');
  const isPackage = q.get('pkg') === '1';
  const page = parsePageParam(q.get('page') ?? undefined);
  const typeName = present(t) ? t.trim().slice(0, TYPE_NAME_MAX) : null;

  if (present(sn)) {
    const id = parseId(sn);
    if (id === null) return { kind: 'unknown' };
    return isPackage ? { kind: 'package', id, typeName } : { kind: 'product', id, typeId: parseId(t) };
  }
  if (isPackage) return { kind: 'package-list', typeName, page };
  if (present(bundle)) {
    const bundleId = parseId(bundle);
    return bundleId === null ? { kind: 'unknown' } : { kind: 'bundle', bundleId, page };
  }
  if (present(t)) {
    const typeId = parseId(t);
    return typeId === null ? { kind: 'unknown' } : { kind: 'type', typeId, page };
  }
  return { kind: 'all', page };
}
