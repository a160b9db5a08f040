import { describe, expect, it } from 'vitest';
import { readReportRange } from './report-range.ts';

// 00:30 on 1 September 2026 in Taipei, still 31 August in UTC.
const NOW = new Date('2026-08-31T16:30:00Z');
const read = (query: string) => readReportRange(new URLSearchParams(query), NOW);

describe('readReportRange', () => {
  it.each([
    ['', { choice: '30d', from: '2026-08-03', to: '2026-09-01' }],
    ['range=today', { choice: 'today', from: '2026-09-01', to: '2026-09-01' }],
    ['range=7d', { choice: '7d', from: '2026-08-26', to: '2026-09-01' }],
    ['range=this_month', { choice: 'this_month', from: '2026-09-01', to: '2026-09-01' }],
    ['range=last_month', { choice: 'last_month', from: '2026-08-01', to: '2026-08-31' }],
    ['range=custom&from=2026-01-01&to=2026-01-31', { choice: 'custom', from: '2026-01-01', to: '2026-01-31' }],
    ['from=2026-01-01&to=2026-01-31', { choice: 'custom', from: '2026-01-01', to: '2026-01-31' }],
    ['range=nonsense', { choice: '30d', from: '2026-08-03', to: '2026-09-01' }],
  ])('?%s reads as Taiwan days', (query, expected) => expect(read(query)).toEqual(expected));
});
