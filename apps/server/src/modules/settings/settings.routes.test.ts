import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrandPosition, PageSection, Status } from '@shop/domain';
import {
  aboutPages,
  commonQuestions,
  followUs,
  paymentSettings,
  specialAreas,
  systemSettings,
  termsTexts,
} from '../../db/schema/index.ts';
import { expectBadInput, expectGuestCredentialRefused } from '../../test/replies.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.tw/', PORT: '3123' } });
  await t.db.insert(systemSettings).values({
    websiteTitle: '好日子選物',
    description: '台灣在地選物',
    servicePhone: '02-2345-6789',
    serviceGmap:
      '<iframe src="https://www.google.com/maps/embed?pb=1" width="600" height="450"></iframe><script>alert(1)</script>' +
      '<iframe src="https://evil.example/x"></iframe>',
    shippingFee: 80,
    freeShippingThreshold: 1500,
  });
  await t.db
    .insert(paymentSettings)
    .values({ bankAccountName: '好日子有限公司', bankCode: '808', bankName: '玉山銀行', bankAccount: '1234567890123' });
  await t.db
    .insert(followUs)
    .values({ line: 'https://line.me/R/ti/p/@goodday', facebook: 'https://facebook.com/goodday' });
  await t.db.insert(specialAreas).values([
    { name: '第二則', pic: 'ads/b.webp', indexId: 2 },
    { name: '第一則', pic: 'ads/a.webp', indexId: 1 },
    { name: '停用廣告', pic: 'ads/c.webp', indexId: 0, status: Status.InActive },
  ]);
  await t.db.insert(termsTexts).values([
    { position: BrandPosition.Privacy, title: '隱私權聲明', content: '<p>我們重視您的隱私</p>' },
    {
      position: BrandPosition.Member,
      title: '會員說明',
      content: '<p onclick="steal()">歡迎加入</p><script>x()</script>',
    },
  ]);
  await t.db.insert(commonQuestions).values([
    { question: '多久出貨？', answer: '<p>三個工作天內</p>', indexId: 2 },
    { question: '可以退貨嗎？', answer: '<p>七天鑑賞期</p>', indexId: 1 },
    { question: '停用問題', indexId: 0, status: Status.InActive },
  ]);
  const [about] = await t.db
    .insert(aboutPages)
    .values({
      title: '品牌故事',
      content: '<p>從台南出發</p><a href="javascript:alert(1)">連結</a>',
      section: PageSection.AboutUs,
      indexId: 2,
    })
    .returning();
  const [business] = await t.db
    .insert(aboutPages)
    .values({ title: '企業合作', section: PageSection.Business, indexId: 1 })
    .returning();
  const [hidden] = await t.db.insert(aboutPages).values({ title: '停用頁', status: Status.InActive }).returning();
  ids.about = about!.id;
  ids.business = business!.id;
  ids.hiddenAbout = hidden!.id;
});

afterAll(() => t?.close());

describe('GET /system-setting/{key}', () => {
  it('answers the settings of spec §3 and the shipping settings in snake_case', async () => {
    const res = await t.guest('GET', '/api/v1/system-setting/1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      data: expect.objectContaining({
        website_title: '好日子選物',
        description: '台灣在地選物',
        keywords: '',
        index_favicon: '',
        index_pic2: '',
        service_phone: '02-2345-6789',
        service_email: '',
        service_address: '',
        service_tax_id: '',
        g_tag: '',
        shipping_fee: 80,
        low_temp_shipping_fee: 160,
        free_shipping_threshold: 1500,
        return_days: 7,
      }),
    });
  });

  it('keeps only a Google Maps iframe in service_gmap', async () => {
    const gmap: string = (await t.guest('GET', '/api/v1/system-setting/1')).json().data.service_gmap;
    expect(gmap).toContain('https://www.google.com/maps/embed?pb=1');
    expect(gmap).not.toContain('script');
    expect(gmap).not.toContain('evil.example');
  });

  it('answers 404 for any other key', async () => {
    const res = await t.guest('GET', '/api/v1/system-setting/2');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '找不到網站設定' });
  });
});

describe('payment setting, follow-us and file-server info', () => {
  it('answers the bank account of payment setting 1', async () => {
    const res = await t.guest('GET', '/api/v1/payment-setting/1');
    expect(res.json().data).toEqual({
      id: 1,
      bank_account_name: '好日子有限公司',
      bank_code: '808',
      bank_name: '玉山銀行',
      bank_account: '1234567890123',
    });
  });

  it('answers the social links of follow-us 1', async () => {
    const res = await t.guest('GET', '/api/v1/follow-us/1');
    expect(res.json().data).toEqual({
      id: 1,
      line: 'https://line.me/R/ti/p/@goodday',
      whatsapp: '',
      telegram: '',
      facebook: 'https://facebook.com/goodday',
      instagram: '',
    });
  });

  it('answers where images are served', async () => {
    const res = await t.guest('GET', '/api/v1/file-server-info/1');
    expect(res.json()).toEqual({
      code: 200,
      data: { localhost: 'http://localhost:3123', host: 'https://shop.example.tw', pic_path: '/uploads/' },
    });
  });

  it('answers the file server FILE_SERVER_URL names (issue 23 item 3)', async () => {
    const cdn = await createTestApp({
      env: { PUBLIC_URL: 'https://shop.example.tw', FILE_SERVER_URL: 'https://cdn.example.tw/' },
    });
    try {
      const res = await cdn.guest('GET', '/api/v1/file-server-info/1');
      expect(res.json().data).toMatchObject({ host: 'https://cdn.example.tw', pic_path: '/uploads/' });
      // The pages load the pictures from the CDN's origin: the files must allow it.
      fs.mkdirSync(path.join(cdn.config.dataDir, 'uploads'), { recursive: true });
      fs.writeFileSync(path.join(cdn.config.dataDir, 'uploads', 'cdn-check.webp'), 'RIFF');
      const picture = await cdn.app.inject({ method: 'GET', url: '/uploads/cdn-check.webp' });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const own = await t.app.inject({ method: 'GET', url: '/uploads/cdn-check.webp' });
      expect(own.headers['cross-origin-resource-policy']).not.toBe('cross-origin');
    } finally {
      await cdn.close();
    }
  });

  it.each(['/api/v1/payment-setting/2', '/api/v1/follow-us/2', '/api/v1/file-server-info/2'])(
    'answers 404 for %s',
    async (url) => {
      const res = await t.guest('GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, msg: expect.any(String) });
    },
  );
});

describe('GET /special-area', () => {
  it('keeps active ads, sorted by index_id', async () => {
    const res = await t.guest('GET', '/api/v1/special-area');
    expect(res.json().data.map((a: { name: string }) => a.name)).toEqual(['第一則', '第二則']);
    expect(res.json().data[0]).toEqual({
      id: expect.any(Number),
      name: '第一則',
      url: '',
      pic: 'ads/a.webp',
      status: 1,
      index_id: 1,
    });
  });
});

describe('terms, common questions and about pages', () => {
  it('lists terms texts by brand position with sanitised html', async () => {
    const data = (await t.guest('GET', '/api/v1/terms-texts')).json().data;
    expect(data.map((x: { position: number }) => x.position)).toEqual([BrandPosition.Member, BrandPosition.Privacy]);
    expect(data[0].content).toBe('<p>歡迎加入</p>');
  });

  it('answers one terms text by position, 404 when it has none', async () => {
    const res = await t.guest('GET', `/api/v1/terms-texts-by-position/${BrandPosition.Privacy}`);
    expect(res.json().data).toMatchObject({ title: '隱私權聲明', content: '<p>我們重視您的隱私</p>' });
    const missing = await t.guest('GET', `/api/v1/terms-texts-by-position/${BrandPosition.Shopping}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, msg: '找不到條款內容' });
  });

  it('lists active common questions by index_id', async () => {
    const data = (await t.guest('GET', '/api/v1/common-questions')).json().data;
    expect(data.map((q: { question: string }) => q.question)).toEqual(['可以退貨嗎？', '多久出貨？']);
  });

  it('lists active about pages by index_id, optionally of one section', async () => {
    const all = (await t.guest('GET', '/api/v1/about')).json().data;
    expect(all.map((a: { title: string }) => a.title)).toEqual(['企業合作', '品牌故事']);
    const section = (await t.guest('GET', `/api/v1/about?section=${PageSection.AboutUs}`)).json().data;
    expect(section.map((a: { title: string }) => a.title)).toEqual(['品牌故事']);
  });

  it('answers an about page without unsafe links, 404 when inactive', async () => {
    const res = await t.guest('GET', `/api/v1/about/${ids.about}`);
    expect(res.json().data.content).not.toContain('javascript:');
    expect(res.json().data.content).toContain('<p>從台南出發</p>');
    const hidden = await t.guest('GET', `/api/v1/about/${ids.hiddenAbout}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ code: 404, msg: '找不到此頁面' });
  });
});

describe('bad input and access', () => {
  it.each([
    '/api/v1/system-setting/abc',
    '/api/v1/system-setting/0',
    '/api/v1/payment-setting/-1',
    '/api/v1/follow-us/1.5',
    '/api/v1/file-server-info/99999999999',
    '/api/v1/terms-texts-by-position/x',
    '/api/v1/about/abc',
    '/api/v1/about?section=x',
  ])('answers 400 with a zh-TW envelope for %s', async (url) => {
    const res = await t.guest('GET', url);
    expectBadInput(res, '編號格式錯誤');
  });

  it.each(['/api/v1/guest/system-setting/1', '/api/v1/guest/special-area', '/api/v1/guest/terms-texts'])(
    'refuses %s without the guest Basic credential',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expectGuestCredentialRefused(res);
    },
  );

  it('serves a member with a token on the normal path', async () => {
    expect((await t.asMember(1, 'GET', '/api/v1/follow-us/1')).statusCode).toBe(200);
  });
});
