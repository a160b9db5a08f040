import { describe, expect, it } from 'vitest';
import { code39Bars, code39Svg, isCode39Text } from './code39.ts';

/** Reads the bars back as a scanner would: widths of bars and spaces, split into characters. */
function decode(bars: [number, number][]): string {
  const table: Record<string, string> = {
    '010010100': '*',
    '000110100': '0',
    '100100001': '1',
    '001100001': '2',
    '101100000': '3',
    '000110001': '4',
    '100110000': '5',
    '001110000': '6',
    '000100101': '7',
    '100100100': '8',
    '001100100': '9',
    '100001001': 'A',
    '001001001': 'B',
    '101001000': 'C',
    '000011001': 'D',
  };
  const elements: number[] = [];
  bars.forEach(([x, w], i) => {
    elements.push(w);
    const next = bars[i + 1];
    if (next) elements.push(next[0] - x - w);
  });
  let out = '';
  for (let i = 0; i < elements.length; i += 10) {
    const pattern = elements
      .slice(i, i + 9)
      .map((w) => (w === 3 ? '1' : '0'))
      .join('');
    out += table[pattern] ?? '?';
  }
  return out;
}

describe('Code 39', () => {
  it('draws start, each character and stop, three of nine elements wide', () => {
    const { bars } = code39Bars('0511A6');
    expect(bars).toHaveLength(5 * 8);
    expect(decode(bars)).toBe('*0511A6*');
  });

  it('leaves ten narrow modules quiet on each side', () => {
    const { bars, width } = code39Bars('1');
    expect(bars[0]![0]).toBe(10);
    const [x, w] = bars.at(-1)!;
    expect(width - (x + w)).toBe(10);
  });

  it('takes what ECPay puts in a barcode and refuses what Code 39 cannot carry', () => {
    expect(isCode39Text('151231617')).toBe(true);
    expect(isCode39Text('0511A6B00000001')).toBe(true);
    expect(isCode39Text('ab')).toBe(false);
    expect(isCode39Text('A*B')).toBe(false);
    expect(isCode39Text('')).toBe(false);
    expect(() => code39Bars('條碼')).toThrow();
  });

  it('is an SVG named for screen readers, its label escaped', () => {
    const svg = code39Svg('151231617', '第一段條碼 "151231617" <1>');
    expect(svg).toMatch(/^<svg [^>]*role="img" aria-label="第一段條碼 &quot;151231617&quot; &lt;1>"/);
    expect(svg.match(/<rect x=/g)).toHaveLength(5 * 11);
  });
});
