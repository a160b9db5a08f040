import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrandPosition, PageSection } from '@shop/domain';
import {
  aboutPages,
  articleCategories,
  articles,
  commonQuestions,
  news,
  systemSettings,
  termsTexts,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The pages of issue 4 §5: /news and /recommended page by 12, and every html field the storefront
// injects arrives sanitised (issue 4 §8), whatever an admin (or an attacker with an admin session) stored.

const NOW = new Date('2026-06-01T04:00:00Z');
const hour = 3_600_000;
const HOSTILE =
  '<p>內容</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">連結</a>' +
  '<iframe src="https://evil.example/"></iframe><img src="data:image/svg+xml;base64,PHN2Zz4=">';
let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  // 14 news, one an hour apart: 消息01 is the oldest.
  await t.db.insert(news).values(
    Array.from({ length: 14 }, (_, i) => ({
      title: `消息${String(i + 1).padStart(2, '0')}`,
      content: i === 13 ? HOSTILE : '<p>ok</p>',
      postAt: new Date(NOW.getTime() - (14 - i) * hour),
    })),
  );
  const [category] = await t.db.insert(articleCategories).values({ name: '使用心得' }).returning();
  const [other] = await t.db.insert(articleCategories).values({ name: '品牌故事' }).returning();
  ids.category = category!.id;
  await t.db.insert(articles).values([
    ...Array.from({ length: 13 }, (_, i) => ({
      categoryId: category!.id,
      title: `心得${String(i + 1).padStart(2, '0')}`,
      content: i === 0 ? HOSTILE : '',
      indexId: i + 1,
    })),
    { categoryId: other!.id, title: '別的分類', indexId: 0 },
  ]);
  await t.db.insert(systemSettings).values({ websiteTitle: '好日子', serviceGmap: HOSTILE });
  await t.db.insert(termsTexts).values({ position: BrandPosition.Shopping, title: '購物須知', content: HOSTILE });
  await t.db.insert(commonQuestions).values({ question: '怎麼退貨？', answer: HOSTILE });
  const [about] = await t.db
    .insert(aboutPages)
    .values({ title: '品牌故事', content: HOSTILE, section: PageSection.AboutUs })
    .returning();
  ids.about = about!.id;
});

afterAll(() => t?.close());

const titles = (body: { data: Array<{ title: string }> }) => body.data.map((x) => x.title);

describe('GET /news?page=', () => {
  it('answers 12 per page, newest first, with the full count', async () => {
    const first = await t.guest('GET', '/api/v1/news?page=1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('14');
    expect(titles(first.json())).toHaveLength(12);
    expect(titles(first.json())[0]).toBe('消息14');
    const second = await t.guest('GET', '/api/v1/news?page=2');
    expect(titles(second.json())).toEqual(['消息02', '消息01']);
  });

  it('honours size, and answers the whole list without page', async () => {
    expect(titles((await t.guest('GET', '/api/v1/news?page=2&size=5')).json())).toEqual([
      '消息09',
      '消息08',
      '消息07',
      '消息06',
      '消息05',
    ]);
    const all = await t.guest('GET', '/api/v1/news');
    expect(titles(all.json())).toHaveLength(14);
    expect(all.headers['x-total-count']).toBeUndefined();
  });

  it.each(['page=0', 'page=-2', 'page=x', 'page=1e9', 'size=0', 'size=101', 'page=1;DROP TABLE news'])(
    'answers 400 with a message for %s',
    async (query) => {
      const res = await t.guest('GET', `/api/v1/news?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBeTruthy();
    },
  );
});

describe('GET /articles?category=&page=', () => {
  it('pages a sharing-zone category by 12', async () => {
    const first = await t.guest('GET', `/api/v1/articles?category=${ids.category}&page=1`);
    expect(first.headers['x-total-count']).toBe('13');
    expect(titles(first.json())).toHaveLength(12);
    const second = await t.guest('GET', `/api/v1/articles?category=${ids.category}&page=2`);
    expect(titles(second.json())).toEqual(['心得13']);
  });

  it('answers an empty page for a category without articles', async () => {
    const res = await t.guest('GET', '/api/v1/articles?category=999999&page=1');
    expect(res.json().data).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });
});

describe('every html field leaves the server sanitised', () => {
  const cases: Array<[string, string, (data: never) => string]> = [
    ['news', '/api/v1/news?page=1', (data: Array<{ content: string }>) => data[0]!.content],
    ['article list', '/api/v1/articles', (data: Array<{ content: string }>) => data[0]!.content],
    ['terms', `/api/v1/terms-texts-by-position/${BrandPosition.Shopping}`, (data: { content: string }) => data.content],
    ['common questions', '/api/v1/common-questions', (data: Array<{ answer: string }>) => data[0]!.answer],
    ['about', '/api/v1/about', (data: Array<{ content: string }>) => data[0]!.content],
    ['settings map', '/api/v1/system-setting/1', (data: { service_gmap: string }) => data.service_gmap],
  ];

  it.each(cases)('%s', async (_name, url, pick) => {
    const res = await t.guest('GET', url);
    expect(res.statusCode).toBe(200);
    const html = pick(res.json().data as never).toLowerCase();
    expect(html).not.toMatch(/<script|onerror|javascript:|data:|evil\.example/);
  });

  it('keeps the harmless part of article html', async () => {
    const res = await t.guest('GET', `/api/v1/about/${ids.about}`);
    expect(res.json().data.content).toContain('<p>內容</p>');
  });

  it('drops a map that is not a Google Maps embed', async () => {
    const res = await t.guest('GET', '/api/v1/system-setting/1');
    expect(res.json().data.service_gmap).toBe('');
  });
});
