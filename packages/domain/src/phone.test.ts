import { describe, expect, it } from 'vitest';
import {
  contactPhoneText,
  isValidContactPhone,
  isValidPhone,
  maskAddress,
  maskName,
  maskPhone,
  type PhoneRegion,
} from './phone.ts';

describe('isValidPhone', () => {
  it.each<[unknown, PhoneRegion | undefined, boolean]>([
    ['0912345678', undefined, true],
    ['0912345678', 'TW', true],
    ['091234567', 'TW', false],
    ['09123456789', 'TW', false],
    ['0812345678', 'TW', false],
    [' 0912345678', 'TW', false],
    ['0912-345-678', 'TW', false],
    [912345678, 'TW', false],
    [null, 'TW', false],
    ['13812345678', 'CN', true],
    ['12812345678', 'CN', false],
    ['1381234567', 'CN', false],
    ['51234567', 'HK', true],
    ['61234567', 'HK', true],
    ['91234567', 'HK', true],
    ['71234567', 'HK', false],
    ['5123456', 'HK', false],
    ['123456789', 'ML', true],
    ['1234567890', 'ML', true],
    ['12345678', 'ML', false],
    ['12345678901', 'ML', false],
    ['0123456789', 'ML', false],
  ])('isValidPhone(%j, %s) → %s', (value, region, expected) => {
    expect(isValidPhone(value, region)).toBe(expected);
  });
});

describe('maskPhone', () => {
  it.each([
    ['0912345678', '0912***678'],
    ['13812345678', '1381***678'],
    ['51234567', '51***67'],
    ['1234', '***'],
    ['', ''],
  ])('maskPhone(%s) → %s', (value, expected) => {
    expect(maskPhone(value)).toBe(expected);
  });
});

describe('maskName', () => {
  it.each([
    ['王小明', '王*明'],
    ['王明', '王*'],
    ['王', '王'],
    ['歐陽小明', '歐**明'],
    [' 王小明 ', '王*明'],
    ['', ''],
    ['𠮷野家', '𠮷*家'],
  ])('maskName(%s) → %s', (value, expected) => {
    expect(maskName(value)).toBe(expected);
  });
});

describe('maskAddress', () => {
  it.each([
    ['台北市大安區忠孝東路100號', '台北市大安區***'],
    ['臺北市中正區重慶南路一段122號', '臺北市中正區***'],
    ['新竹縣竹北市光明六路10號', '新竹縣竹北市***'],
    ['花蓮縣吉安鄉中山路1號', '花蓮縣吉安鄉***'],
    ['彰化縣員林鎮中山路1號', '彰化縣員林鎮***'],
    ['嘉義市東區民族路1號', '嘉義市東區***'],
    ['高雄市那瑪夏區達卡努瓦里', '高雄市那瑪夏區***'],
    ['106台北市大安區忠孝東路100號', '106台北市大安區***'],
    ['台北市 大安區 忠孝東路100號', '台北市 大安區***'],
    ['台北市信義路五段7號', '台北市信義***'],
    ['Some Street 1', 'Some S***'],
    ['', ''],
  ])('maskAddress(%s) → %s', (value, expected) => {
    expect(maskAddress(value)).toBe(expected);
  });
});

describe('contact numbers by region (issue 23 item 2)', () => {
  it.each([
    ['0912-345-678', 'TW', true, '0912345678'],
    ['(02) 2345 6789', 'TW', true, '0223456789'],
    ['049-223-4567', 'TW', true, '0492234567'],
    ['12345', 'TW', false, '12345'],
    ['138 1234 5678', 'CN', true, '+86 13812345678'],
    ['0912345678', 'CN', false, '+86 0912345678'],
    ['9123-4567', 'HK', true, '+852 91234567'],
    ['4123 4567', 'HK', false, '+852 41234567'],
    ['12-345 6789', 'ML', true, '+60 123456789'],
    ['0123456789', 'ML', false, '+60 0123456789'],
  ] as const)('%s in %s: valid %s, stored as %s', (typed, region, valid, stored) => {
    expect(isValidContactPhone(typed, region)).toBe(valid);
    expect(contactPhoneText(typed, region)).toBe(stored);
  });
});
