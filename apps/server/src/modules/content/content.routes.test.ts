import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NEWS_IMAGE, IndexAreaType, SiteSection, Status } from '@shop/domain';
import { articleCategories, articles, carousels, indexAreas, news, tags } from '../../db/schema/index.ts';
import { expectBadInput, expectGuestCredentialRefused } from '../../test/replies.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { listIndexAreas, listTags } from './content.service.ts';

const NOW = new Date('2026-06-01T04:00:00Z');
const day = 86_400_000;
let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });

  const [older] = await t.db
    .insert(news)
    .values({
      title: '端午節出貨公告',
      pic: '["news/a.webp","news/b.webp"]',
      file: '["files/a.pdf"]',
      postAt: new Date(NOW.getTime() - 2 * day),
    })
    .returning();
  const [newer] = await t.db
    .insert(news)
    .values({
      title: '夏季新品上市',
      content: '<p>新品</p><script>x()</script>',
      postAt: new Date(NOW.getTime() - day),
    })
    .returning();
  const [broken] = await t.db
    .insert(news)
    .values({ title: '圖片壞掉的消息', pic: 'news/raw.webp', file: '{oops', postAt: new Date(NOW.getTime() - 3 * day) })
    .returning();
  const [hiddenNews] = await t.db
    .insert(news)
    .values({ title: '草稿', status: Status.InActive, postAt: NOW })
    .returning();
  Object.assign(ids, { older: older!.id, newer: newer!.id, broken: broken!.id, hiddenNews: hiddenNews!.id });

  const [reviews] = await t.db.insert(articleCategories).values({ name: '使用心得', indexId: 2 }).returning();
  const [stories] = await t.db.insert(articleCategories).values({ name: '品牌故事', indexId: 1 }).returning();
  await t.db.insert(articleCategories).values({ name: '停用分類', indexId: 0, status: Status.InActive });
  ids.reviews = reviews!.id;
  ids.stories = stories!.id;
  const [a1] = await t.db
    .insert(articles)
    .values({ categoryId: reviews!.id, title: '精華液一個月心得', pic: 'a/1.webp', indexId: 2 })
    .returning();
  const [a2] = await t.db
    .insert(articles)
    .values({ categoryId: stories!.id, title: '我們的台南工作室', indexId: 1 })
    .returning();
  const [a3] = await t.db
    .insert(articles)
    .values({ categoryId: reviews!.id, title: '停用文章', indexId: 0, status: Status.InActive })
    .returning();
  Object.assign(ids, { a1: a1!.id, a2: a2!.id, a3: a3!.id });

  await t.db.insert(carousels).values([
    { position: SiteSection.Index, pic: 'c/home-2.webp', title: '首頁二', indexId: 2 },
    { position: SiteSection.Index, pic: 'c/home-1.webp', title: '首頁一', indexId: 1 },
    { position: SiteSection.News, pic: 'c/news.webp', title: '消息橫幅', indexId: 0 },
    { position: SiteSection.Index, pic: 'c/off.webp', title: '停用輪播', indexId: 0, status: Status.InActive },
  ]);

  await t.db.insert(indexAreas).values([
    {
      name: '熱銷商品',
      types: IndexAreaType.Banner,
      style: '{"title":"熱銷商品"}',
      ids: '[{"id":3},{"id":1}]',
      indexId: 2,
    },
    {
      name: '關於我們',
      types: IndexAreaType.Article,
      style: '{"content":"<p>關於</p><img src=x onerror=alert(1)>"}',
      indexId: 1,
    },
    { name: '壞掉的廣告', types: IndexAreaType.Carousel, style: '{not json', ids: 'nope', indexId: 3 },
    { name: '廣告圖', types: IndexAreaType.Carousel, style: '{"pic":["ad/1.webp"]}', indexId: 4 },
    { name: '停用區塊', types: IndexAreaType.Banner, indexId: 0, status: Status.InActive },
  ]);

  await t.db.insert(tags).values([
    { name: '保濕', ids: '[{"id":5},{"id":2}]', indexId: 2 },
    { name: '防曬', ids: 'not json', indexId: 1 },
    { name: '停用標籤', indexId: 0, status: Status.InActive },
  ]);
});

afterAll(() => t?.close());

const titles = (body: { data: Array<{ title: string }> }) => body.data.map((x) => x.title);
const names = (body: { data: Array<{ name: string }> }) => body.data.map((x) => x.name);

describe('GET /news', () => {
  it('lists shown news newest first by post_at', async () => {
    const res = await t.guest('GET', '/api/v1/news');
    expect(res.statusCode).toBe(200);
    expect(titles(res.json())).toEqual(['夏季新品上市', '端午節出貨公告', '圖片壞掉的消息']);
  });

  it('gives pics and files as arrays with the first pic as banner', async () => {
    const item = (await t.guest('GET', `/api/v1/news/${ids.older}`)).json().data;
    expect(item).toMatchObject({
      pic: ['news/a.webp', 'news/b.webp'],
      pics: ['news/a.webp', 'news/b.webp'],
      file: ['files/a.pdf'],
      banner: 'news/a.webp',
      post_at: new Date(NOW.getTime() - 2 * day).toISOString(),
    });
  });

  it('falls back to the default news image and empty lists for malformed text (spec §3, §8)', async () => {
    const broken = (await t.guest('GET', `/api/v1/news/${ids.broken}`)).json().data;
    expect(broken).toMatchObject({ pics: [], file: [], banner: DEFAULT_NEWS_IMAGE });
    const plain = (await t.guest('GET', `/api/v1/news/${ids.newer}`)).json().data;
    expect(plain).toMatchObject({ pics: [], banner: DEFAULT_NEWS_IMAGE, content: '<p>新品</p>' });
  });

  it('answers 404 for hidden or missing news', async () => {
    for (const id of [ids.hiddenNews, 999_999]) {
      const res = await t.guest('GET', `/api/v1/news/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: '找不到此消息' });
    }
  });
});

describe('articles and categories', () => {
  it('lists shown articles by index_id', async () => {
    expect(titles((await t.guest('GET', '/api/v1/articles')).json())).toEqual(['我們的台南工作室', '精華液一個月心得']);
  });

  it('filters articles by category', async () => {
    const res = await t.guest('GET', `/api/v1/articles?category=${ids.reviews}`);
    expect(titles(res.json())).toEqual(['精華液一個月心得']);
    expect(res.json().data[0]).toMatchObject({
      id: ids.a1,
      category_id: ids.reviews,
      pic: 'a/1.webp',
      status: 1,
      index_id: 2,
    });
  });

  it('answers one article, 404 when hidden', async () => {
    expect((await t.guest('GET', `/api/v1/articles/${ids.a2}`)).json().data.title).toBe('我們的台南工作室');
    const hidden = await t.guest('GET', `/api/v1/articles/${ids.a3}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ code: 404, msg: '找不到此文章' });
  });

  it('lists shown categories by index_id', async () => {
    const res = await t.guest('GET', '/api/v1/article-category');
    expect(res.json().data).toEqual([
      { id: ids.stories, name: '品牌故事', status: 1, index_id: 1 },
      { id: ids.reviews, name: '使用心得', status: 1, index_id: 2 },
    ]);
  });
});

describe('GET /carousels', () => {
  it('lists active slides by index_id', async () => {
    expect(titles((await t.guest('GET', '/api/v1/carousels')).json())).toEqual(['消息橫幅', '首頁一', '首頁二']);
  });

  it('filters by position', async () => {
    const res = await t.guest('GET', `/api/v1/carousels?position=${SiteSection.Index}`);
    expect(titles(res.json())).toEqual(['首頁一', '首頁二']);
    expect(res.json().data[0]).toMatchObject({ position: 1, pic: 'c/home-1.webp', link: '', subtitle: '', status: 1 });
  });
});

describe('GET /index-areas', () => {
  it('lists shown areas by index_id with style and ids parsed', async () => {
    const data = (await t.guest('GET', '/api/v1/index-areas')).json().data;
    expect(data.map((a: { name: string }) => a.name)).toEqual(['關於我們', '熱銷商品', '壞掉的廣告', '廣告圖']);
    expect(data[1]).toMatchObject({ types: 'Banner', ids: [3, 1], style: { content: '', pics: [] } });
    expect(data[3]).toMatchObject({ types: 'Carousel', style: { content: '', pics: ['ad/1.webp'] }, ids: [] });
  });

  it('sanitises the about html', async () => {
    const about = (await t.guest('GET', '/api/v1/index-areas')).json().data[0];
    expect(about.style.content).toContain('<p>關於</p>');
    expect(about.style.content).not.toContain('onerror');
  });

  it('tolerates malformed stored JSON (spec §8)', async () => {
    const res = await t.guest('GET', '/api/v1/index-areas');
    expect(res.statusCode).toBe(200);
    expect(res.json().data[2]).toMatchObject({ style: { content: '', pics: [] }, ids: [] });
  });

  it('logs which stored field is malformed (spec §8)', async () => {
    const warn = vi.fn();
    await listIndexAreas(t.db, { warn } as unknown as FastifyBaseLogger);
    expect(warn.mock.calls.map(([where]) => where.field)).toEqual(['style', 'ids']);
    warn.mockClear();
    await listTags(t.db, { warn } as unknown as FastifyBaseLogger);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatchObject({ field: 'ids' });
  });
});

describe('GET /tags', () => {
  it('lists shown tags by index_id; malformed ids give an empty list', async () => {
    const res = await t.guest('GET', '/api/v1/tags');
    expect(names(res.json())).toEqual(['防曬', '保濕']);
    expect(res.json().data[0].ids).toEqual([]);
    expect(res.json().data[1]).toMatchObject({ ids: [5, 2], status: 1, index_id: 2 });
  });
});

describe('bad input and access', () => {
  it.each([
    '/api/v1/news/abc',
    '/api/v1/news/0',
    '/api/v1/articles/-3',
    '/api/v1/articles?category=abc',
    '/api/v1/articles?category=99999999999',
    '/api/v1/carousels?position=8',
    '/api/v1/carousels?position=x',
  ])('answers 400 with a zh-TW envelope for %s', async (url) => {
    const res = await t.guest('GET', url);
    expectBadInput(res, expect.stringMatching(/格式錯誤/));
  });

  it.each([
    '/api/v1/guest/news',
    '/api/v1/guest/articles',
    '/api/v1/guest/article-category',
    '/api/v1/guest/carousels',
    '/api/v1/guest/index-areas',
    '/api/v1/guest/tags',
  ])('refuses %s without the guest Basic credential', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expectGuestCredentialRefused(res);
  });

  it('refuses a wrong guest credential', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/guest/news',
      headers: { authorization: 'Basic d3Jvbmc6d3Jvbmc=' },
    });
    expect(res.statusCode).toBe(401);
  });
});
