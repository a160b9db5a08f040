// How one back-office record kind is described once (issue 44): what the API answers for it (its
// zod record), what its shared list page shows and filters, and what its edit form asks, field by
// field with the field's type, label and limits. Pure data: the web app maps field types to form
// components and cells to markup; the post shape of the form and the request the API checks it with
// are derived from the fields (admin-record-request.ts).
import type { z } from 'zod';
import { indexIdSchema, priceSchema } from './admin-forms.ts';
import { formatNtd } from './money.ts';
import { shopDay } from './shop-calendar.ts';

export type RecordRow = Record<string, unknown> & { id: number; version: number; status?: number };

/** Lists the page loads for its selects and for names in the table, keyed by a short name. */
export type SourceRows = Record<string, { id: number; name: string; parent_id?: number | null; status: number }[]>;

export type Choice = { value: string | number; label: string };

/**
 * Choices read from a loaded list. `topOnly` keeps level-1 rows; `notSelf` drops the record being
 * edited (a type cannot be its own parent).
 */
export interface SourceChoice {
  source: string;
  topOnly?: boolean;
  notSelf?: boolean;
}

interface FieldBase {
  name: string;
  label: string;
  help?: string;
  required?: boolean;
  wide?: boolean;
  /** Shown only for records this says yes to (an existing record; new ones see every field). */
  when?: (row: RecordRow) => boolean;
  /** The form's starting value when it is not `row[name]`. */
  value?: (row: RecordRow) => unknown;
  /** What the API takes for the field when its type and limits do not say it (admin-record-request.ts). */
  input?: z.ZodType;
}

export type FieldDef =
  | (FieldBase & { type: 'text' | 'number' | 'date' | 'datetime' | 'lines'; max?: number })
  | (FieldBase & { type: 'textarea'; max?: number; rows?: number })
  | (FieldBase & {
      type: 'select';
      options: readonly Choice[] | SourceChoice;
      empty?: string;
      locked?: (row: RecordRow) => boolean;
    })
  | (FieldBase & { type: 'status' })
  | (FieldBase & { type: 'picture'; max: number })
  | (FieldBase & { type: 'richtext' })
  | (FieldBase & { type: 'picker'; source: (row: RecordRow) => 'products' | 'articles'; max: number });

/**
 * What a list cell shows: text, a picture's thumbnail (an upload key, '' for an empty frame), a code,
 * or a badge (plain, warning or brand-coloured).
 */
export type RecordCell = string | { picture: string } | { code: string } | { badge: string; tone?: 'warn' | 'brand' };

export interface RecordColumn {
  label: string;
  numeric?: boolean;
  cell: (row: RecordRow, sources: SourceRows) => RecordCell;
}

export interface ListFilter {
  name: string;
  label: string;
  options: readonly Choice[] | SourceChoice;
}

/** How the form posts: repeated fields as arrays, textareas as lines, checkboxes as flags. */
export interface RecordPostShape {
  lists?: readonly string[];
  lines?: readonly string[];
  flags?: readonly string[];
}

export interface RecordKindDescription {
  path: string;
  /** The page title (plural). */
  title: string;
  /** One record, for buttons: 新增{noun}. */
  noun: string;
  description: string;
  /** Where the list and one record are read. */
  api: string;
  /** Where records are written, when the spec names other paths (spec §7). */
  write?: string;
  /** What the API answers for one record. */
  record: z.ZodObject;
  /** `?` filters of the list besides q, status and sort. */
  filters?: ListFilter[];
  /** The list is in spec §9 order by index_id (else the API's own order, e.g. news by date). */
  sortable?: boolean;
  sources?: Record<string, string>;
  columns: RecordColumn[];
  /** The form, field by field; a kind writes them `as const` so the request derived from them is typed. */
  fields: readonly FieldDef[];
  /** A new record's starting values. */
  blank: Record<string, unknown>;
  /** Records that cannot be deleted (the fixed home areas). */
  keep?: (row: RecordRow) => boolean;
  /** Text naming a row in buttons and confirmations. */
  label: (row: RecordRow) => string;
}

/** The options of a select: fixed ones, or rows of a loaded list (inactive ones marked). */
export function choicesFor(options: readonly Choice[] | SourceChoice, sources: SourceRows, row: RecordRow): Choice[] {
  if (Array.isArray(options)) return [...options];
  const { source, topOnly, notSelf } = options as SourceChoice;
  return (sources[source] ?? [])
    .filter((r) => (!notSelf || r.id !== row.id) && (!topOnly || !r.parent_id))
    .map((r) => ({ value: r.id, label: r.status === 1 ? r.name : `${r.name}（下架）` }));
}

/** The post shape the fields imply: many pictures and picked ids are lists, switches are flags. */
export function postShapeOf(fields: readonly FieldDef[]): RecordPostShape {
  const names = (test: (f: FieldDef) => boolean) => fields.filter(test).map((f) => f.name);
  const lists = names((f) => (f.type === 'picture' && f.max > 1) || f.type === 'picker');
  const lines = names((f) => f.type === 'lines');
  return {
    ...(lists.length ? { lists } : {}),
    ...(lines.length ? { lines } : {}),
    flags: names((f) => f.type === 'status'),
  };
}

// ---- the pieces many kinds share ----------------------------------------------------------------

export const recordText = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
export const nameIn = (sources: SourceRows, source: string, id: unknown) =>
  sources[source]?.find((r) => r.id === id)?.name ?? (id ? `#${recordText(id)}` : '—');
export const choices = <T extends number | string>(labels: Record<T, string>): Choice[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label: label as string }));

// The shared fields keep their literal types (`as const`), so a request derived from them is typed field by field.
export const statusField = { type: 'status', name: 'status', label: '上架' } as const satisfies FieldDef;
export const shownField = { ...statusField, label: '顯示' } as const satisfies FieldDef;
export const indexIdField = {
  type: 'number',
  name: 'index_id',
  label: '排序值',
  help: '數字小的排前面',
  input: indexIdSchema,
} as const satisfies FieldDef;
/** The parent of a two-level type: another type of the same kind, never the type itself. */
export const parentTypeField = (empty: string, more: { topOnly?: boolean; help?: string } = {}) =>
  ({
    type: 'select',
    name: 'parent_id',
    label: '上層分類',
    options: { source: 'parents', notSelf: true, ...(more.topOnly ? { topOnly: true } : {}) },
    empty,
    ...(more.help ? { help: more.help } : {}),
  }) as const satisfies FieldDef;
export const categoryNameField = {
  type: 'text',
  name: 'name',
  label: '分類名稱',
  required: true,
  max: 30,
} as const satisfies FieldDef;
export const richTextField = <N extends string>(name: N, label: string) =>
  ({ type: 'richtext', name, label }) as const satisfies FieldDef;
export const coverField = <N extends string>(name: N, label: string) =>
  ({ type: 'picture', name, label, max: 1 }) as const satisfies FieldDef;

export const indexColumn: RecordColumn = { label: '排序', numeric: true, cell: (r) => recordText(r.index_id) };
export const nameColumn = (key = 'name'): RecordColumn => ({ label: '名稱', cell: (r) => recordText(r[key]) });
export const pictureColumn = (key: string): RecordColumn => ({
  label: '圖片',
  cell: (r) => ({ picture: recordText(r[key]) }),
});
export const priceColumn: RecordColumn = {
  label: '售價',
  numeric: true,
  cell: (r) => formatNtd(Number(r.on_sale_price)),
};
export const countColumn = (key: string): RecordColumn => ({
  label: '商品數',
  numeric: true,
  cell: (r) => recordText((r[key] as unknown[]).length),
});
export const sourceColumn = (label: string, source: string, key: string): RecordColumn => ({
  label,
  cell: (r, s) => nameIn(s, source, r[key]),
});
/** From when to when a record applies, by day; either end may be open (不限). */
export const periodColumn = (from: string, until: string): RecordColumn => ({
  label: '期間',
  cell: (r) =>
    r[from] || r[until]
      ? `${shopDay(recordText(r[from])) || '不限'} ～ ${shopDay(recordText(r[until])) || '不限'}`
      : '不限',
});
/** A select of a loaded list of types, which every record of the kind must name. */
export const typeSelectField = <N extends string>(name: N, label: string, source = 'types') =>
  ({ type: 'select', name, label, required: true, options: { source }, empty: '請選擇' }) as const satisfies FieldDef;
export const priceFields = (saleHelp?: string) =>
  [
    { type: 'number', name: 'price', label: '原價（元）', required: true, input: priceSchema },
    {
      type: 'number',
      name: 'on_sale_price',
      label: '售價（元）',
      required: true,
      input: priceSchema,
      ...(saleHelp ? { help: saleHelp } : {}),
    },
  ] as const satisfies readonly FieldDef[];
