import { describe, expect, it } from 'vitest';
import { RECORD_KINDS } from './record-kinds.tsx';
import { isRecordPath, RECORD_PATHS } from './record-paths.ts';

describe('shared record pages', () => {
  it('describe every path the route tree mounts, under the same path', () => {
    for (const path of RECORD_PATHS) expect(RECORD_KINDS[path].path).toBe(path);
  });

  it('post every list field as a list and every checkbox as a flag', () => {
    for (const kind of Object.values(RECORD_KINDS)) {
      for (const field of kind.fields) {
        const many = (field.type === 'picture' && field.max > 1) || field.type === 'picker';
        if (many) expect(kind.shape.lists, `${kind.path}.${field.name}`).toContain(field.name);
        if (field.type === 'status') expect(kind.shape.flags, `${kind.path}.${field.name}`).toContain(field.name);
      }
    }
  });

  it('knows its paths and nothing else', () => {
    expect(isRecordPath('news')).toBe(true);
    expect(isRecordPath('products')).toBe(false);
    expect(isRecordPath('__proto__')).toBe(false);
  });
});
