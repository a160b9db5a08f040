import { describe, expect, it } from 'vitest';
import { formBody } from './form-body.ts';

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
}

describe('formBody', () => {
  it('builds nested specs, lists, lines and flags the way the API reads them', () => {
    const body = formBody(
      form([
        ['intent', 'save'],
        ['name', '茶'],
        ['specs.0.name', '罐'],
        ['specs.0.price', '100'],
        ['specs.1.name', '盒'],
        ['pics', 'a.webp'],
        ['pics', 'b.webp'],
        ['description_titles', '介紹\r\n\r\n 規格 '],
        ['status', 'on'],
        ['_search', 'ignored'],
        ['version', '3'],
      ]),
      { lists: ['pics', 'product_type_ids'], lines: ['description_titles'], flags: ['status', 'internet_celebrity'] },
    );
    expect(body).toEqual({
      name: '茶',
      specs: [{ name: '罐', price: '100' }, { name: '盒' }],
      pics: ['a.webp', 'b.webp'],
      product_type_ids: [],
      description_titles: ['介紹', '規格'],
      status: 'on',
      internet_celebrity: '',
      version: '3',
    });
  });

  it('drops holes left by removed rows and the omitted fields', () => {
    expect(
      formBody(
        form([
          ['rows.0.a', 'x'],
          ['rows.2.a', 'y'],
          ['secret', 's'],
        ]),
        { omit: ['secret'] },
      ),
    ).toEqual({ rows: [{ a: 'x' }, { a: 'y' }] });
  });
});
