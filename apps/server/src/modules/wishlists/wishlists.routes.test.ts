import { describe, expect, it } from 'vitest';
import { Status, WISHLIST_MAX } from '@shop/domain';
import { useTestApp } from '../../test/test-app.ts';
import { insertMember, insertProduct } from '../orders/order-fixtures.ts';

const NOW = new Date('2026-06-10T04:00:00Z');
const t = useTestApp({ now: () => NOW });

const ids = (res: { json(): { data: Array<{ products_id: number }> } }) => res.json().data.map((i) => i.products_id);

describe('收藏清單 /members/{id}/wishlist', () => {
  it('adds (twice changes nothing), lists newest first and removes; a product no longer on sale stays, unavailable', async () => {
    const member = await insertMember(t.db);
    const a = await insertProduct(t.db);
    const b = await insertProduct(t.db);
    const url = `/api/v1/members/${member}/wishlist`;
    expect((await t.asMember(member, 'POST', url, { products_id: a.id })).statusCode).toBe(201);
    await t.asMember(member, 'POST', url, { products_id: a.id });
    const added = await t.asMember(member, 'POST', url, { products_id: b.id });
    expect(ids(added).sort()).toEqual([a.id, b.id].sort());
    expect(added.headers['cache-control']).toBe('no-store');

    const listed = await t.asMember(member, 'GET', url);
    expect(listed.json().data).toHaveLength(2);
    expect(listed.json().data[0]).toMatchObject({ name: expect.any(String), on_sale_price: 500, available: true });

    const removed = await t.asMember(member, 'DELETE', `${url}/${a.id}`);
    expect(ids(removed)).toEqual([b.id]);
    expect((await t.asMember(member, 'DELETE', `${url}/${a.id}`)).statusCode).toBe(404);
  });

  it('refuses another member\u2019s list, a guest, bad ids and a product that does not show', async () => {
    const member = await insertMember(t.db);
    const other = await insertMember(t.db);
    const hidden = await insertProduct(t.db, { status: Status.InActive });
    const shown = await insertProduct(t.db);
    const url = `/api/v1/members/${other}/wishlist`;
    expect((await t.asMember(member, 'GET', url)).statusCode).toBe(403);
    expect((await t.asMember(member, 'POST', url, { products_id: shown.id })).statusCode).toBe(403);
    expect((await t.asMember(member, 'DELETE', `${url}/${shown.id}`)).statusCode).toBe(403);
    expect((await t.guest('GET', url)).statusCode).toBe(401);
    const own = `/api/v1/members/${member}/wishlist`;
    for (const body of [{ products_id: 'x' }, { products_id: 0 }, {}, { products_id: shown.id, members_id: other }]) {
      const res = await t.asMember(member, 'POST', own, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const res = await t.asMember(member, 'POST', own, { products_id: hidden.id });
    expect(res.statusCode).toBe(404);
  });

  it('merges a guest\u2019s list at login, leaving out what does not show and keeping what was there', async () => {
    const member = await insertMember(t.db);
    const kept = await insertProduct(t.db);
    const fromBrowser = await insertProduct(t.db);
    const gone = await insertProduct(t.db, { status: Status.InActive });
    await t.asMember(member, 'POST', `/api/v1/members/${member}/wishlist`, { products_id: kept.id });
    const res = await t.asMember(member, 'POST', `/api/v1/members/${member}/wishlist-merge`, {
      products_id: [fromBrowser.id, gone.id, kept.id, 999_999, fromBrowser.id],
    });
    expect(res.statusCode).toBe(200);
    expect(ids(res).sort()).toEqual([kept.id, fromBrowser.id].sort());
    const tooMany = Array.from({ length: WISHLIST_MAX + 1 }, (_, i) => i + 1);
    expect(
      (await t.asMember(member, 'POST', `/api/v1/members/${member}/wishlist-merge`, { products_id: tooMany }))
        .statusCode,
    ).toBe(400);
  });
});
