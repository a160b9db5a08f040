import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { IndexAreaId, IndexAreaType } from '@shop/domain';
import { auditLog, indexAreas } from '../../db/schema/index.ts';
import { created, errorsByField } from '../../test/replies.ts';
import { type TestApp, useTestApp } from '../../test/test-app.ts';
import { insertProduct } from '../admin-orders/test-fixtures.ts';

const NOW = new Date('2026-06-01T04:00:00Z');
const t = useTestApp({ now: () => NOW });

type Res = Awaited<ReturnType<TestApp['asStaff']>>;
const data = (res: Res) => res.json().data;

describe('news', () => {
  it('publishes now when no time is given, newest first, with sanitised html; member tokens are refused', async () => {
    expect((await t.asMember(1, 'POST', '/api/v1/admin/news', { title: 'x' })).statusCode).toBe(401);
    const older = await created(
      await t.asStaff('staff', 'POST', '/api/v1/admin/news', {
        title: '春茶上市',
        post_at: '2026-05-01T10:00',
        status: 1,
        pic: [],
      }),
    );
    const latest = await created(
      await t.asStaff('staff', 'POST', '/api/v1/admin/news', {
        title: '端午節出貨公告',
        summary: '6/19 至 6/21 暫停出貨',
        content: '<p>端午連假<a href="javascript:alert(1)">詳情</a></p>',
        pic: ['admin/2026/06/news.webp'],
        status: 1,
      }),
    );
    expect(latest).toMatchObject({
      post_at: NOW.toISOString(),
      banner: 'admin/2026/06/news.webp',
      content: '<p>端午連假<a rel="noopener noreferrer">詳情</a></p>',
    });
    expect(older.banner).toBe('images/img/about-5.jpg');

    const list = await t.asStaff('staff', 'GET', '/api/v1/admin/news');
    expect(data(list).map((n: { title: string }) => n.title)).toEqual(['端午節出貨公告', '春茶上市']);
    const pub = await t.guest('GET', '/api/v1/news');
    expect(pub.json().data.map((n: { id: number }) => n.id)).toEqual([latest.id, older.id]);

    // An edit without a time keeps the publication time.
    const edited = await t.asStaff('staff', 'PUT', `/api/v1/admin/news/${older.id}`, {
      title: '春茶上市（已售完）',
      status: 0,
      pic: [],
      post_at: '',
      version: older.version,
    });
    expect(data(edited)).toMatchObject({ post_at: older.post_at, status: 0 });
    expect((await t.guest('GET', `/api/v1/news/${older.id}`)).statusCode).toBe(404);
    expect(
      (await t.asStaff('staff', 'DELETE', `/api/v1/admin/news/${older.id}?version=${older.version}`)).statusCode,
    ).toBe(409);
    expect(
      (await t.asStaff('staff', 'DELETE', `/api/v1/admin/news/${older.id}?version=${older.version + 1}`)).statusCode,
    ).toBe(200);
  });

  it('refuses a bad time and a missing title', async () => {
    const res = await t.asStaff('staff', 'POST', '/api/v1/admin/news', {
      title: '',
      post_at: '明天',
      pic: [],
      status: 1,
    });
    expect(errorsByField(res)).toMatchObject({ title: '此欄位為必填', post_at: '日期時間格式錯誤' });
  });
});

describe('sharing zone', () => {
  it('refuses an article in a missing category and a category delete while it has articles', async () => {
    const category = await created(
      await t.asStaff('staff', 'POST', '/api/v1/admin/article-categories', {
        name: '使用心得',
        status: 1,
        index_id: 1,
      }),
    );
    const missing = await t.asStaff('staff', 'POST', '/api/v1/admin/articles', {
      category_id: 999999,
      title: '好喝',
      status: 1,
    });
    expect(errorsByField(missing).category_id).toBe('找不到所選的分類');
    const article = await created(
      await t.asStaff('staff', 'POST', '/api/v1/admin/articles', {
        category_id: category.id,
        title: '第一次喝到這麼香的烏龍',
        summary: '推薦',
        content: '<h2>心得</h2><p>回甘</p>',
        pic: 'admin/2026/06/review.webp',
        status: 1,
        index_id: 1,
      }),
    );
    const byCategory = await t.asStaff('staff', 'GET', `/api/v1/admin/articles?category_id=${category.id}`);
    expect(data(byCategory).map((a: { id: number }) => a.id)).toEqual([article.id]);
    const pub = await t.guest('GET', `/api/v1/articles?category=${category.id}`);
    expect(pub.json().data[0].content).toBe('<h2>心得</h2><p>回甘</p>');

    const refused = await t.asStaff('staff', 'DELETE', `/api/v1/admin/article-categories/${category.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('此分類下還有 1 篇文章，請先移走文章，或將分類下架');
  });
});

describe('carousels and special-area ads', () => {
  it('keeps slides by site section and needs a picture', async () => {
    await created(
      await t.asStaff('staff', 'POST', '/api/v1/admin/carousels', {
        position: '1',
        pic: 'admin/2026/06/slide.webp',
        link: '/bundles',
        title: '夏季新品',
        status: 1,
      }),
    );
    await created(
      await t.asStaff('staff', 'POST', '/api/v1/admin/carousels', {
        position: 3,
        pic: 'admin/2026/06/news-banner.webp',
        status: 1,
      }),
    );
    const home = await t.asStaff('staff', 'GET', '/api/v1/admin/carousels?position=1');
    expect(data(home).map((c: { title: string }) => c.title)).toEqual(['夏季新品']);
    expect((await t.guest('GET', '/api/v1/carousels?position=1')).json().data).toHaveLength(1);

    const bad = await t.asStaff('staff', 'POST', '/api/v1/admin/carousels', {
      position: 9,
      pic: '',
      link: 'javascript:alert(1)',
      status: 1,
    });
    expect(errorsByField(bad)).toMatchObject({
      position: '請選擇顯示位置',
      pic: '請上傳圖片',
      link: '連結須為 / 開頭的站內路徑或 http(s) 網址',
    });
    const ad = await t.asStaff('staff', 'POST', '/api/v1/admin/special-areas', {
      name: '滿千免運',
      pic: '',
      status: 1,
    });
    expect(errorsByField(ad).pic).toBe('請上傳圖片');
  });
});

describe('home areas', () => {
  it('edits the hot-products area (ids checked), refuses to delete or retype a fixed area', async () => {
    await t.db.insert(indexAreas).values({
      id: IndexAreaId.HotProducts,
      name: '熱銷商品',
      types: IndexAreaType.Banner,
      style: '{"title":"熱銷商品"}',
    });
    const { product } = await insertProduct(t.db, '冠軍茶', 3000);
    const [area] = await t.db.select().from(indexAreas).where(eq(indexAreas.id, IndexAreaId.HotProducts));
    const body = {
      name: '熱銷商品',
      types: 'Banner',
      title: '熱銷商品',
      link: '/products',
      ids: [product.id],
      status: 1,
      index_id: 2,
      version: area!.version,
    };
    const saved = await t.asStaff('staff', 'PUT', `/api/v1/admin/index-areas/${area!.id}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data(saved)).toMatchObject({ ids: [product.id], fixed: true, ids_kind: 'products', title: '熱銷商品' });
    expect((await t.guest('GET', '/api/v1/index-areas')).json().data[0].ids).toEqual([product.id]);

    const unknown = await t.asStaff('staff', 'PUT', `/api/v1/admin/index-areas/${area!.id}`, {
      ...body,
      ids: [product.id, 999999],
      version: area!.version + 1,
    });
    expect(errorsByField(unknown)['ids.1']).toBe('找不到商品編號 999999');
    const retype = await t.asStaff('staff', 'PUT', `/api/v1/admin/index-areas/${area!.id}`, {
      ...body,
      types: 'Article',
      content: '<p>x</p>',
      version: area!.version + 1,
    });
    expect(errorsByField(retype).types).toBe('此區塊為固定的列表區塊，不能改變類型');
    const deleted = await t.asStaff('staff', 'DELETE', `/api/v1/admin/index-areas/${area!.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().msg).toBe('此區塊為首頁固定區塊，無法刪除，可改為下架');
  });

  it('creates an about area with sanitised html and an ad area that needs a picture', async () => {
    const about = await created(
      await t.asStaff('staff', 'POST', '/api/v1/admin/index-areas', {
        name: '關於我們',
        types: 'Article',
        content: '<p>我們是<strong>茶農</strong></p><script>x</script>',
        link: '/about?id=1',
        status: 1,
      }),
    );
    expect(about).toMatchObject({ content: '<p>我們是<strong>茶農</strong></p>', link: '/about?id=1', fixed: false });
    const ad = await t.asStaff('staff', 'POST', '/api/v1/admin/index-areas', {
      name: '廣告',
      types: 'Carousel',
      pics: [],
      status: 1,
    });
    expect(errorsByField(ad).pics).toBe('請至少上傳一張圖片');
    expect((await t.asStaff('staff', 'DELETE', `/api/v1/admin/index-areas/${about.id}`)).statusCode).toBe(200);
  });
});

describe('terms texts by brand position', () => {
  it('lists every position, creates a missing text with version 0 and answers 409 to a second first save', async () => {
    const all = await t.asStaff('staff', 'GET', '/api/v1/admin/terms-texts');
    expect(data(all).map((x: { position: number; version: number }) => [x.position, x.version])).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 0],
    ]);
    const first = await t.asStaff('staff', 'PUT', '/api/v1/admin/terms-texts/2', {
      title: '購物須知',
      content: '<p>滿 1500 免運<img src="x" onerror="alert(1)"></p>',
      version: 0,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(data(first)).toMatchObject({ position: 2, version: 1, content: '<p>滿 1500 免運<img src="x" /></p>' });
    const again = await t.asStaff('staff', 'PUT', '/api/v1/admin/terms-texts/2', {
      title: '舊的',
      content: '',
      version: 0,
    });
    expect(again.statusCode).toBe(409);
    const pub = await t.guest('GET', '/api/v1/terms-texts-by-position/2');
    expect(pub.json().data.title).toBe('購物須知');
    expect(
      (await t.asStaff('staff', 'PUT', '/api/v1/admin/terms-texts/5', { title: 'x', version: 0 })).statusCode,
    ).toBe(400);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'terms_texts'), eq(auditLog.action, 'create')));
    expect(audit?.staffId).toBe(await t.staffId('staff'));
  });
});

describe('common questions and about pages', () => {
  it('shows a new question and an about page on the storefront', async () => {
    const q = await created(
      await t.asStaff('staff', 'POST', '/api/v1/admin/common-questions', {
        question: '多久會出貨？',
        answer: '<p>付款後 3 個工作天</p>',
        status: 1,
      }),
    );
    expect((await t.guest('GET', '/api/v1/common-questions')).json().data.map((x: { id: number }) => x.id)).toEqual([
      q.id,
    ]);
    const page = await created(
      await t.asStaff('staff', 'POST', '/api/v1/admin/about-pages', {
        section: 1,
        title: '品牌故事',
        content: '<p>三代茶農</p>',
        status: 1,
      }),
    );
    expect((await t.guest('GET', `/api/v1/about/${page.id}`)).json().data.title).toBe('品牌故事');
    const bySection = await t.asStaff('staff', 'GET', '/api/v1/admin/about-pages?section=2');
    expect(data(bySection)).toEqual([]);
  });
});
