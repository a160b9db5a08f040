import { describe, expect, it } from 'vitest';
import { parseTaiwanAddress } from './taiwan-address.ts';

describe('parseTaiwanAddress', () => {
  it.each([
    ['台北市大安區復興南路一段390號', '106', '106台北市大安區復興南路一段390號'],
    ['106臺北市大安區復興南路一段390號3樓', '106', '106臺北市大安區復興南路一段390號3樓'],
    ['106 台北市大安區忠孝東路四段 100 號', '106', '106台北市大安區忠孝東路四段 100 號'],
    ['999台北市大安區忠孝東路四段100號', '106', '106台北市大安區忠孝東路四段100號'],
    ['10655台北市 大安區忠孝東路四段100號', '106', '106台北市大安區忠孝東路四段100號'],
    ['高雄市苓雅區四維三路2號', '802', '802高雄市苓雅區四維三路2號'],
    ['新竹市東區光復路二段101號', '300', '300新竹市東區光復路二段101號'],
    ['臺東縣臺東市中華路一段1號', '950', '950臺東縣臺東市中華路一段1號'],
  ])('reads %s', (text, zip, line) => {
    expect(parseTaiwanAddress(text)).toMatchObject({ zip, line });
  });

  it.each([
    ['no address at all', 'xyz'],
    ['no city', '大安區復興南路一段390號'],
    ['a district of another city', '台北市苓雅區四維三路2號'],
    ['no district', '台北市復興南路一段390號'],
    ['no street', '台北市大安區'],
    ['a street of one character', '台北市大安區1'],
    ['a city that does not exist', '台中縣大里區中興路1號'],
  ])('refuses %s', (_what, text) => {
    expect(parseTaiwanAddress(text)).toBeNull();
  });
});
