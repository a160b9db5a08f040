// The back-office record kinds that share one list page and one edit page (routes/admin/records.tsx,
// routes/admin/record-edit.tsx). Each kind is described once in packages/domain (its record, list
// columns, filters and form fields); this file adds what the screens need of the browser: the post
// shape of the form, derived from its fields, and the markup of a list cell.
import type { ReactNode } from 'react';
import {
  COURSE_RECORD_KINDS,
  CATALOGUE_RECORD_KINDS,
  CONTENT_RECORD_KINDS,
  postShapeOf,
  type RecordCell,
  type RecordKindDescription,
} from '@shop/domain';
import { imageUrl } from '../../../lib/image-url.ts';
import type { FormBodyShape } from '../form-body.ts';
import { RECORD_PATHS, type RecordPath } from './record-paths.ts';

export {
  choicesFor,
  type FieldDef,
  type ListFilter,
  type RecordColumn as Column,
  type RecordRow,
  type SourceChoice,
  type SourceRows,
} from '@shop/domain';

export interface RecordKind extends RecordKindDescription {
  path: RecordPath;
  shape: FormBodyShape;
}

const DESCRIBED: Record<RecordPath, RecordKindDescription> = {
  ...CATALOGUE_RECORD_KINDS,
  ...COURSE_RECORD_KINDS,
  ...CONTENT_RECORD_KINDS,
};

export const RECORD_KINDS = Object.fromEntries(
  RECORD_PATHS.map((path) => [path, { ...DESCRIBED[path], path, shape: postShapeOf(DESCRIBED[path].fields) }]),
) as Record<RecordPath, RecordKind>;

/** A list cell as the table shows it: text, a thumbnail, a code or a badge. */
export function cellMarkup(cell: RecordCell): ReactNode {
  if (typeof cell === 'string') return cell;
  if ('picture' in cell) {
    return cell.picture ? (
      <img className="bo-thumb" src={imageUrl(cell.picture)} alt="" loading="lazy" />
    ) : (
      <span className="bo-thumb" />
    );
  }
  if ('code' in cell) return <code>{cell.code}</code>;
  return <span className={cell.tone ? `bo-badge bo-badge--${cell.tone}` : 'bo-badge'}>{cell.badge}</span>;
}
