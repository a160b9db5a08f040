import { describe, expect, it } from 'vitest';
import { pageData, pageOf } from './page-text.ts';

describe('page text', () => {
  const model = { kind: 'detail', item: { name: '玻尿酸保濕精華液', pics: ['p01.webp'] }, status: 200 };

  it('sends the model as one JSON text and reads it back', () => {
    const data = pageData(model);
    expect(typeof data.page).toBe('string');
    // As the browser gets it: the same text in a new object.
    expect(pageOf(structuredClone(data))).toEqual(model);
  });

  it("gives the loader's own model back for its own data, without parsing", () => {
    const data = pageData(model);
    expect(pageOf(data)).toBe(model);
  });

  it('makes the text once per model, and parses a received text once', () => {
    expect(pageData(model).page).toBe(pageData(model).page);
    const received = structuredClone(pageData(model));
    expect(pageOf(received)).toBe(pageOf(received));
    expect(pageData({ ...model, status: 404 }).page).toContain('"status":404');
  });
});
