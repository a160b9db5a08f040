import { describe, expect, it } from 'vitest';
import { readForm } from './form-post.server.ts';

const post = (body: BodyInit | null, contentType?: string) =>
  new Request('http://shop.test/contact', {
    method: 'POST',
    body,
    headers: contentType ? { 'content-type': contentType } : {},
  });

async function refusal(request: Request): Promise<unknown> {
  try {
    await readForm(request);
  } catch (thrown) {
    return thrown;
  }
  throw new Error('readForm read a form');
}

describe('readForm', () => {
  it('reads a form as the browser posts it, encoded or as multipart', async () => {
    expect((await readForm(post('name=%E9%99%B3&content=hi', 'application/x-www-form-urlencoded'))).get('name')).toBe(
      '陳',
    );
    const multipart = new FormData();
    multipart.set('content', '你好');
    expect((await readForm(post(multipart))).get('content')).toBe('你好');
  });

  it('reads an empty form as empty: the action says which fields are missing', async () => {
    expect([...(await readForm(post('', 'application/x-www-form-urlencoded'))).keys()]).toEqual([]);
  });

  it.each<[string, BodyInit | null, string | undefined]>([
    ['a POST without a body', null, undefined],
    ['JSON', '{"name":"a"}', 'application/json'],
    ['plain text', 'name=a', 'text/plain'],
    ['a broken multipart body', 'not multipart', 'multipart/form-data; boundary=x'],
  ])('answers 400 for %s', async (_, body, contentType) => {
    // What React Router turns into the route's error page with this status.
    expect(await refusal(post(body, contentType))).toMatchObject({ init: { status: 400 } });
  });
});
