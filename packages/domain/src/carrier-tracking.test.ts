import { describe, expect, it } from 'vitest';
import { FREIGHT_COMPANIES } from './admin-order-schemas.ts';
import { parcelTracking } from './carrier-tracking.ts';

const T_CAT = 'https://www.t-cat.com.tw/Inquire/TraceDetail.aspx?BillID=';
const POST = 'https://trackings.post.gov.tw/?id=';
const HCT = 'https://www.hct.com.tw/Search/SearchGoods_n.aspx';
const SEVEN = 'https://eservice.7-11.com.tw/e-tracking/search.aspx';
const FAMILY = 'https://fmec.famiport.com.tw/FP_Entrance/QueryBox';
const HILIFE = 'https://www.hilife.com.tw/serviceInfo_search.aspx';
const OK = 'https://ecservice.okmart.com.tw/Tracking/Search';

describe('parcelTracking', () => {
  it.each([
    // The back office's suggestions (FREIGHT_COMPANIES).
    ['黑貓宅急便', '905512348876', { url: `${T_CAT}905512348876`, numberInUrl: true }],
    ['新竹物流', '6412345678', { url: HCT, numberInUrl: false }],
    ['中華郵政', 'RR060912937TW', { url: `${POST}RR060912937TW`, numberInUrl: true }],
    ['7-ELEVEN 交貨便', 'F27394810552', { url: SEVEN, numberInUrl: false }],
    ['全家店到店', '17300123456', { url: FAMILY, numberInUrl: false }],
    ['萊爾富', 'H1234567', { url: HILIFE, numberInUrl: false }],
    ['OK 超商', 'K1234567', { url: OK, numberInUrl: false }],
    // What staff type instead: other spellings, full-width letters, spaces.
    ['黑貓', '905512348876', { url: `${T_CAT}905512348876`, numberInUrl: true }],
    ['T-CAT', '905512348876', { url: `${T_CAT}905512348876`, numberInUrl: true }],
    ['統一速達（黑貓）', '905512348876', { url: `${T_CAT}905512348876`, numberInUrl: true }],
    ['郵局', 'RR060912937TW', { url: `${POST}RR060912937TW`, numberInUrl: true }],
    ['HCT 新竹物流', '6412345678', { url: HCT, numberInUrl: false }],
    ['7-11', 'F27394810552', { url: SEVEN, numberInUrl: false }],
    ['７－ＥＬＥＶＥＮ', 'F27394810552', { url: SEVEN, numberInUrl: false }],
    ['FamilyMart', '17300123456', { url: FAMILY, numberInUrl: false }],
    ['Hi-Life', 'H1234567', { url: HILIFE, numberInUrl: false }],
    ['OKmart', 'K1234567', { url: OK, numberInUrl: false }],
    ['ＯＫ超商', 'K1234567', { url: OK, numberInUrl: false }],
  ])('%s %s', (company, number, expected) => {
    expect(parcelTracking(company, number)).toEqual(expected);
  });

  it('puts the number in the address as a query value', () => {
    expect(parcelTracking('黑貓宅急便', ' 9055-1234 ')?.url).toBe(`${T_CAT}9055-1234`);
    expect(parcelTracking('中華郵政', 'A&B')?.url).toBe(`${POST}A%26B`);
  });

  it.each([
    ['嘉里大榮物流', '12345'],
    ['宅配通', '12345'],
    ['自行配送', '12345'],
    ['', '905512348876'],
    ['黑貓宅急便', ''],
    ['黑貓宅急便', '   '],
  ])('has no page for %j %j', (company, number) => {
    expect(parcelTracking(company, number)).toBeNull();
  });

  it('knows every suggested carrier the issue names', () => {
    const known = FREIGHT_COMPANIES.filter((c) => parcelTracking(c, '1') !== null);
    expect(known).toEqual(['黑貓宅急便', '新竹物流', '中華郵政', '7-ELEVEN 交貨便', '全家店到店', '萊爾富', 'OK 超商']);
  });
});
