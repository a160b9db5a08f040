import { describe, expect, it } from 'vitest';
import { pageMeta, tabTitle } from './page-meta.ts';
import { layoutTextOf } from './layout-text.ts';

describe('tabTitle', () => {
  it.each([
    ['好物選品', '首頁', '好物選品 | 首頁'],
    ['好物選品', '', '好物選品'],
    ['', '首頁', '首頁'],
    [null, null, ''],
  ])('%s + %s → %s', (site, page, expected) => {
    expect(tabTitle(site, page)).toBe(expected);
  });
});

describe('pageMeta', () => {
  it('keeps description and keywords from the root settings', () => {
    const meta = pageMeta(
      [
        {
          id: 'root',
          loaderData: {
            layout: layoutTextOf({ settings: { website_title: '好物', description: 'd', keywords: 'k' } }),
          },
        },
      ],
      '最新消息',
    );
    expect(meta).toContainEqual({ title: '好物 | 最新消息' });
    expect(meta).toContainEqual({ name: 'description', content: 'd' });
    expect(meta).toContainEqual({ name: 'keywords', content: 'k' });
  });
});
