import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, toCsv } from './csv.ts';

describe('csvCell', () => {
  it.each<[string, Parameters<typeof csvCell>[0], string]>([
    ['plain Chinese text', '王小明', '"王小明"'],
    ['a comma', '台北市, 大安區', '"台北市, 大安區"'],
    ['a double quote', '7"吋平板', '"7""吋平板"'],
    ['a line break', '第一行\n第二行', '"第一行\n第二行"'],
    ['a formula', '=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['a plus', '+886912345678', `"'+886912345678"`],
    ['a minus', '-2+3', `"'-2+3"`],
    ['an at sign', '@SUM(A1)', `"'@SUM(A1)"`],
    ['a leading tab', '\t=1', `"'\t=1"`],
    ['a leading carriage return', '\r=1', `"'\r=1"`],
    ['an equals sign inside', '1+1=2', '"1+1=2"'],
    ['a number', 1280, '1280'],
    ['zero', 0, '0'],
    ['null', null, ''],
    ['undefined', undefined, ''],
    ['NaN', Number.NaN, ''],
  ])('%s', (_label, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each([
    ['0912345678', '="0912345678"'],
    ['905512348876', '="905512348876"'],
    ['12345', '"12345"'],
    ['F27394810552', '"F27394810552"'],
    ['=0912', `"'=0912"`],
  ])('keeps digit identifier %s as text for Excel', (value, expected) => {
    expect(csvCell(value, { keepDigits: true })).toBe(expected);
  });
});

describe('toCsv', () => {
  it('starts with a BOM, ends every row with CRLF, and quotes the header', () => {
    const csv = toCsv(
      [
        { header: '訂單編號', value: (r: { n: string; amt: number; phone: string }) => r.n },
        { header: '金額', value: (r) => r.amt },
        { header: '手機', value: (r) => r.phone, keepDigits: true },
      ],
      [
        { n: 'GD2501150101', amt: 1280, phone: '0911111111' },
        { n: '=cmd', amt: 0, phone: '' },
      ],
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv).toBe(`${CSV_BOM}"訂單編號","金額","手機"\r\n"GD2501150101",1280,="0911111111"\r\n"'=cmd",0,""\r\n`);
  });

  it('is only the header for no rows', () => {
    expect(toCsv([{ header: 'a', value: () => 1 }], [])).toBe(`${CSV_BOM}"a"\r\n`);
  });
});
