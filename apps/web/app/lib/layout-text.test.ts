import { describe, expect, it } from 'vitest';
import { layoutTextOf, readLayoutText } from './layout-text.ts';

describe('layout text', () => {
  it('reads back what it wrote', () => {
    const layout = { settings: { website_title: '好日子選物' }, tags: [{ id: 1, name: '烏龍茶' }], courses: null };
    expect(readLayoutText(layoutTextOf(layout))).toEqual(layout);
  });

  it('parses a text once: the same text gives the same object, another text a new one', () => {
    const text = layoutTextOf({ menu: [{ key: 'type-1' }] });
    const first = readLayoutText(text);
    expect(readLayoutText(layoutTextOf({ menu: [{ key: 'type-1' }] }))).toBe(first);
    expect(readLayoutText(layoutTextOf({ menu: [] }))).toEqual({ menu: [] });
    expect(readLayoutText(text)).not.toBe(first);
    expect(readLayoutText(text)).toEqual(first);
  });
});
