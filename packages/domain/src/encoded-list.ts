// Tolerant readers for the list fields the spec stores as text (spec §3, §8).
// Stored text may be malformed; a reader never throws, it falls back as spec §8 says.
import { z } from 'zod';

/** Key of the default news image, resolved to a local asset by the web (spec §3 News). */
export const DEFAULT_NEWS_IMAGE = 'images/img/about-5.jpg';

/** JSON.parse that never throws: the parsed value, or `fallback` for non-strings and malformed text. */
export function parseJsonSafe(text: unknown, fallback: unknown = undefined): unknown {
  if (typeof text !== 'string') return fallback;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  }
}

/** An array as is, or JSON array text parsed; anything else is `[]`. */
function toArray(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  const parsed = parseJsonSafe(value);
  return Array.isArray(parsed) ? parsed : [];
}

/** spec §8: a malformed text-encoded list is an empty list. Non-string items are dropped. */
export function parseTextList(text: unknown): string[] {
  return toArray(text).filter((item): item is string => typeof item === 'string');
}

/** spec §3 Product.pics: empty or unparsable pics become the single banner (or nothing without one). */
export function parsePics(picsText: unknown, banner: string | null | undefined): string[] {
  const pics = parseTextList(picsText).filter((pic) => pic.trim() !== '');
  if (pics.length > 0) return pics;
  return banner && banner.trim() !== '' ? [banner] : [];
}

/** spec §3 News: the banner is the first pic, else the default news image. */
export function newsBanner(picText: unknown): string {
  return parsePics(picText, DEFAULT_NEWS_IMAGE)[0] ?? DEFAULT_NEWS_IMAGE;
}

function toId(item: unknown): number | undefined {
  const raw = typeof item === 'object' && item !== null && 'id' in item ? (item as { id: unknown }).id : item;
  const id = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * Ids of tags and index areas (`[{"id":1},...]`, spec §3). Also accepts `[1,2]` and `["1"]` so the
 * same reader serves product_type_ids. spec §8: malformed ids give an empty list; bad items are dropped.
 */
export function parseIdList(text: unknown): number[] {
  return toArray(text)
    .map(toId)
    .filter((id): id is number => id !== undefined);
}

/** An index area's `style` (spec §3): html `content` for Article areas, `pics` for Carousel areas. */
export const indexAreaStyleSchema = z.object({ content: z.string(), pics: z.array(z.string()) });
export type IndexAreaStyle = z.infer<typeof indexAreaStyleSchema>;

function picOf(item: unknown): string | undefined {
  if (typeof item === 'string') return item.trim() === '' ? undefined : item;
  if (typeof item === 'object' && item !== null && 'pic' in item) return picOf((item as { pic: unknown }).pic);
  return undefined;
}

/**
 * Reads `style` as `{"content": "..."}`, `{"pic": [...]}`/`{"pics": [...]}`, a bare list of pics
 * (`["a.jpg"]` or `[{"pic":"a.jpg"}]`), or an object already parsed. spec §8: malformed → empty.
 */
export function parseIndexAreaStyle(style: unknown): IndexAreaStyle {
  const value = typeof style === 'string' ? parseJsonSafe(style) : style;
  if (Array.isArray(value)) {
    return { content: '', pics: value.map(picOf).filter((p): p is string => p !== undefined) };
  }
  if (typeof value !== 'object' || value === null) return { content: '', pics: [] };
  const record = value as Record<string, unknown>;
  const content = typeof record.content === 'string' ? record.content : '';
  const rawPics = record.pics ?? record.pic;
  const list = Array.isArray(rawPics) ? rawPics : rawPics === undefined ? [] : [rawPics];
  return { content, pics: list.map(picOf).filter((p): p is string => p !== undefined) };
}
