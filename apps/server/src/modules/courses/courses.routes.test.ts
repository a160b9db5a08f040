import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Status } from '@shop/domain';
import { courseTypes, courses } from '../../db/schema/index.ts';
import { expectBadInput, expectGuestCredentialRefused } from '../../test/replies.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const NOW = new Date('2026-06-01T04:00:00Z');
const day = 86_400_000;
let t: TestApp;
const ids: Record<string, number> = {};

async function addType(name: string, extra: Partial<typeof courseTypes.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(courseTypes)
    .values({ name, ...extra })
    .returning();
  ids[name] = row!.id;
  return row!.id;
}

async function addCourse(
  name: string,
  courseTypeId: number,
  daysAgo: number,
  extra: Partial<typeof courses.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(courses)
    .values({
      name,
      courseTypeId,
      price: 1200,
      onSalePrice: 990,
      createdAt: new Date(NOW.getTime() - daysAgo * day),
      ...extra,
    })
    .returning();
  ids[name] = row!.id;
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  const beauty = await addType('美容課程', { indexId: 2 });
  const cooking = await addType('料理課程', { indexId: 1 });
  const makeup = await addType('彩妝', { parentId: beauty, indexId: 2 });
  await addType('保養', { parentId: beauty, indexId: 1 });
  const closed = await addType('停辦分類', { status: Status.InActive, indexId: 0 });
  const orphan = await addType('停辦分類的子分類', { parentId: closed, indexId: 0 });

  await addCourse('新手彩妝', makeup, 1, {
    startDate: '2026-07-01',
    location: '台北市信義區',
    description: '<p>基礎</p><script>x()</script>',
  });
  await addCourse('臉部保養入門', beauty, 3);
  await addCourse('台菜家常', cooking, 2);
  await addCourse('停開課程', cooking, 0, { status: Status.InActive });
  await addCourse('停辦分類的課', closed, 0);
  await addCourse('停辦子分類的課', orphan, 0);
});

afterAll(() => t?.close());

const names = (body: { data: Array<{ name: string }> }) => body.data.map((x) => x.name);

describe('courses', () => {
  it('lists active courses of shown types newest first by created_at', async () => {
    const res = await t.guest('GET', '/api/v1/courses');
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(['新手彩妝', '台菜家常', '臉部保養入門']);
  });

  it('answers one course in snake_case with sanitised html', async () => {
    const res = await t.guest('GET', `/api/v1/courses/${ids['新手彩妝']}`);
    expect(res.json().data).toEqual({
      id: ids['新手彩妝'],
      course_type_id: ids['彩妝'],
      name: '新手彩妝',
      description: '<p>基礎</p>',
      pic: '',
      price: 1200,
      on_sale_price: 990,
      start_date: '2026-07-01',
      location: '台北市信義區',
      status: 1,
      index_id: 0,
      created_at: new Date(NOW.getTime() - day).toISOString(),
    });
  });

  it('answers one page of the list with the full count, when asked for a page', async () => {
    const first = await t.guest('GET', '/api/v1/courses?page=1&size=2');
    expect(first.statusCode).toBe(200);
    expect(names(first.json())).toEqual(['新手彩妝', '台菜家常']);
    expect(first.headers['x-total-count']).toBe('3');
    const second = await t.guest('GET', '/api/v1/courses?page=2&size=2');
    expect(names(second.json())).toEqual(['臉部保養入門']);
    expect(second.headers['x-total-count']).toBe('3');
    // Past the end: an empty page, the count still there (the page falls back to page 1).
    const past = await t.guest('GET', '/api/v1/courses?page=9&size=2');
    expect(past.json().data).toEqual([]);
    expect(past.headers['x-total-count']).toBe('3');
  });

  it('pages the courses of a type, its children included', async () => {
    const res = await t.guest('GET', `/api/v1/courses-by-parent/${ids['美容課程']}?page=2&size=1`);
    expect(names(res.json())).toEqual(['臉部保養入門']);
    expect(res.headers['x-total-count']).toBe('2');
    const hidden = await t.guest('GET', `/api/v1/courses-by-parent/${ids['停辦分類']}?page=1`);
    expect(hidden.json()).toEqual({ code: 200, data: [] });
    expect(hidden.headers['x-total-count']).toBe('0');
  });

  it.each(['停開課程', '停辦分類的課', '停辦子分類的課'])('answers 404 for %s', async (name) => {
    const res = await t.guest('GET', `/api/v1/courses/${ids[name]}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '找不到此課程' });
  });

  it('lists the courses of a type, a top-level type with its children', async () => {
    expect(names((await t.guest('GET', `/api/v1/courses-by-parent/${ids['美容課程']}`)).json())).toEqual([
      '新手彩妝',
      '臉部保養入門',
    ]);
    expect(names((await t.guest('GET', `/api/v1/courses-by-parent/${ids['彩妝']}`)).json())).toEqual(['新手彩妝']);
    expect((await t.guest('GET', `/api/v1/courses-by-parent/${ids['停辦分類']}`)).json()).toEqual({
      code: 200,
      data: [],
    });
    expect((await t.guest('GET', '/api/v1/courses-by-parent/999999')).json()).toEqual({ code: 200, data: [] });
  });
});

describe('course types', () => {
  it('lists shown types by index_id, ties by id', async () => {
    const res = await t.guest('GET', '/api/v1/course-types');
    expect(names(res.json())).toEqual(['料理課程', '保養', '美容課程', '彩妝']);
    expect(res.json().data[1]).toEqual({
      id: ids['保養'],
      name: '保養',
      parent_id: ids['美容課程'],
      pic: '',
      status: 1,
      index_id: 1,
    });
  });

  it('answers one type, 404 when inactive or under an inactive parent', async () => {
    expect((await t.guest('GET', `/api/v1/course-types/${ids['料理課程']}`)).json().data.name).toBe('料理課程');
    for (const name of ['停辦分類', '停辦分類的子分類']) {
      const res = await t.guest('GET', `/api/v1/course-types/${ids[name]}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: '找不到此課程分類' });
    }
  });

  it('lists the shown children of a type by index_id', async () => {
    expect(names((await t.guest('GET', `/api/v1/course-types-by-parent/${ids['美容課程']}`)).json())).toEqual([
      '保養',
      '彩妝',
    ]);
    expect((await t.guest('GET', `/api/v1/course-types-by-parent/${ids['停辦分類']}`)).json().data).toEqual([]);
  });
});

describe('bad input and access', () => {
  it.each([
    '/api/v1/courses/abc',
    '/api/v1/courses/0',
    '/api/v1/courses-by-parent/1.5',
    '/api/v1/course-types/-1',
    '/api/v1/course-types-by-parent/99999999999',
  ])('answers 400 with a zh-TW envelope for %s', async (url) => {
    const res = await t.guest('GET', url);
    expectBadInput(res, '編號格式錯誤');
  });

  it.each([
    ['/api/v1/courses?page=0', '頁碼格式錯誤'],
    ['/api/v1/courses-by-parent/1?page=abc', '頁碼格式錯誤'],
    ['/api/v1/courses?page=1&size=101', '每頁筆數最多 100'],
  ])('answers 400 for the page %s', async (url, msg) => {
    const res = await t.guest('GET', url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, errors: [expect.objectContaining({ msg })] });
  });

  it.each(['/api/v1/guest/courses', '/api/v1/guest/course-types'])(
    'refuses %s without the guest Basic credential',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expectGuestCredentialRefused(res);
    },
  );

  it('keeps the write routes to the back office: a member token is refused', async () => {
    const res = await t.asMember(1, 'POST', '/api/v1/courses', { name: 'x' });
    expect([401, 403]).toContain(res.statusCode);
  });
});
