import { describe, expect, it } from 'vitest';
import { byCreatedAtDesc, byIndexIdAsc, byPostAtDesc } from './sorting.ts';

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('byIndexIdAsc', () => {
  it.each([
    [
      [
        { id: 1, index_id: 3 },
        { id: 2, index_id: 1 },
        { id: 3, index_id: 2 },
      ],
      [2, 3, 1],
    ],
    [
      [
        { id: 5, index_id: 1 },
        { id: 2, index_id: 1 },
        { id: 9, index_id: 0 },
      ],
      [9, 2, 5],
    ],
    [
      [
        { id: 1, index_id: null },
        { id: 2, index_id: 7 },
      ],
      [2, 1],
    ],
    [
      [{ id: 3 }, { id: 1 }],
      [1, 3],
    ],
  ])('%j → %j', (rows, expected) => {
    expect(ids([...rows].sort(byIndexIdAsc))).toEqual(expected);
  });
});

describe('byCreatedAtDesc', () => {
  it.each([
    [
      [
        { id: 1, created_at: '2025-01-01T00:00:00Z' },
        { id: 2, created_at: '2025-03-01T00:00:00Z' },
        { id: 3, created_at: '2025-02-01T00:00:00Z' },
      ],
      [2, 3, 1],
    ],
    [
      [
        { id: 1, created_at: '2025-01-01T00:00:00Z' },
        { id: 2, created_at: '2025-01-01T00:00:00Z' },
      ],
      [2, 1],
    ],
    [
      [
        { id: 1, created_at: null },
        { id: 2, created_at: 'bad' },
        { id: 3, created_at: '2020-01-01T00:00:00Z' },
      ],
      [3, 2, 1],
    ],
  ])('%j → %j', (rows, expected) => {
    expect(ids([...rows].sort(byCreatedAtDesc))).toEqual(expected);
  });
});

describe('byPostAtDesc', () => {
  it.each([
    [
      [
        { id: 1, post_at: '2024-12-31T23:00:00Z' },
        { id: 2, post_at: new Date('2025-01-01T00:00:00Z') },
        { id: 3, post_at: undefined },
      ],
      [2, 1, 3],
    ],
  ])('%j → %j', (rows, expected) => {
    expect(ids([...rows].sort(byPostAtDesc))).toEqual(expected);
  });
});
