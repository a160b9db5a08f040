import { describe, expect, it } from 'vitest';
import { choicesFor, RECORD_KINDS, type RecordRow } from './record-kinds.tsx';
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

  it('offers a record its own id in another list, but never itself as its parent', () => {
    const sources = {
      types: [
        { id: 1, name: '禮盒', status: 1 },
        { id: 2, name: '年節', status: 0 },
      ],
    };
    const row = { id: 1, version: 1 } as RecordRow;
    expect(choicesFor({ source: 'types' }, sources, row)).toEqual([
      { value: 1, label: '禮盒' },
      { value: 2, label: '年節（下架）' },
    ]);
    expect(choicesFor({ source: 'types', notSelf: true }, sources, row).map((c) => c.value)).toEqual([2]);
    const parents = {
      parents: [
        { id: 3, name: '上層', status: 1 },
        { id: 4, name: '子', parent_id: 3, status: 1 },
      ],
    };
    expect(choicesFor({ source: 'parents', topOnly: true }, parents, row).map((c) => c.value)).toEqual([3]);
  });
});
