import { describe, expect, it } from 'vitest';
import { CATALOGUE_RECORD_KINDS } from './admin-catalogue-records.ts';
import { CONTENT_RECORD_KINDS } from './admin-content-records.ts';
import { COURSE_RECORD_KINDS } from './admin-course-records.ts';
import { postShapeOf, type RecordKindDescription } from './admin-record-kind.ts';

const kinds: RecordKindDescription[] = Object.values({
  ...CATALOGUE_RECORD_KINDS,
  ...COURSE_RECORD_KINDS,
  ...CONTENT_RECORD_KINDS,
});

describe('a back-office record kind described once', () => {
  it('edits and starts from fields its record answers', () => {
    for (const kind of kinds) {
      const answered = Object.keys(kind.record.shape);
      for (const field of kind.fields) {
        const top = field.name.split('.')[0]!;
        expect(answered, `${kind.path}.${field.name}`).toContain(top);
      }
      for (const name of Object.keys(kind.blank)) expect(answered, `${kind.path} blank ${name}`).toContain(name);
    }
  });

  it('posts many pictures and picked ids as lists, titles as lines and switches as flags', () => {
    expect(postShapeOf(CATALOGUE_RECORD_KINDS['product-packages'].fields)).toEqual({
      lists: ['pics'],
      lines: ['description_titles'],
      flags: ['status'],
    });
    expect(postShapeOf(CONTENT_RECORD_KINDS['index-areas'].fields)).toEqual({
      lists: ['pics', 'ids'],
      flags: ['status'],
    });
    expect(postShapeOf(CONTENT_RECORD_KINDS.carousels.fields)).toEqual({ flags: ['status'] });
  });
});
