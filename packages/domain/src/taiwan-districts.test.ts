import { describe, expect, it } from 'vitest';
import {
  TAIWAN_CITIES,
  findTaiwanCity,
  isTaiwanCityDistrict,
  normalizeTaiwanPlaceName,
  taiwanPostalCode,
} from './taiwan-districts.ts';

describe('TAIWAN_CITIES', () => {
  it('has the 22 cities/counties and 368 districts', () => {
    expect(TAIWAN_CITIES).toHaveLength(22);
    expect(TAIWAN_CITIES.reduce((n, c) => n + c.districts.length, 0)).toBe(368);
  });

  it('names are unique and end in 市/縣; districts end in 區/鄉/鎮/市 with a 3-digit code', () => {
    expect(new Set(TAIWAN_CITIES.map((c) => c.name)).size).toBe(22);
    for (const city of TAIWAN_CITIES) {
      expect(city.name).toMatch(/^\S{2}[市縣]$/u);
      expect(new Set(city.districts.map((d) => d.name)).size).toBe(city.districts.length);
      for (const d of city.districts) {
        expect(d.name).toMatch(/^\S{1,3}[區鄉鎮市]$/u);
        expect(d.zip).toMatch(/^[1-9]\d{2}$/);
      }
    }
  });

  it.each([
    ['臺北市', 12],
    ['新北市', 29],
    ['臺中市', 29],
    ['臺南市', 37],
    ['高雄市', 38],
    ['新竹市', 3],
    ['嘉義市', 2],
    ['連江縣', 4],
  ])('%s has %i districts', (city, count) => {
    expect(findTaiwanCity(city)?.districts).toHaveLength(count);
  });
});

describe('taiwanPostalCode', () => {
  it.each<[string, string, string | undefined]>([
    ['臺北市', '中正區', '100'],
    ['台北市', '大安區', '106'],
    ['基隆市', '中正區', '202'],
    ['新北市', '板橋區', '220'],
    ['桃園市', '中壢區', '320'],
    ['新竹市', '香山區', '300'],
    ['臺中市', '大安區', '439'],
    ['台中市', '西屯區', '407'],
    ['雲林縣', '台西鄉', '636'],
    ['嘉義縣', '阿里山鄉', '605'],
    ['台南市', '安定區', '745'],
    ['高雄市', '那瑪夏區', '849'],
    ['屏東縣', '恆春鎮', '946'],
    ['台東縣', '達仁鄉', '966'],
    ['花蓮縣', '富里鄉', '983'],
    ['金門縣', '烏坵鄉', '896'],
    ['連江縣', '東引鄉', '212'],
    [' 臺北市 ', ' 信義區', '110'],
    ['臺北市', '板橋區', undefined],
    ['火星市', '中正區', undefined],
    ['', '', undefined],
  ])('%s %s → %s', (city, district, zip) => {
    expect(taiwanPostalCode(city, district)).toBe(zip);
    expect(isTaiwanCityDistrict(city, district)).toBe(zip !== undefined);
  });
});

describe('normalizeTaiwanPlaceName', () => {
  it.each([
    ['台北市', '臺北市'],
    ['臺東縣', '臺東縣'],
    [' 新北市 ', '新北市'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeTaiwanPlaceName(input)).toBe(expected);
  });
});
