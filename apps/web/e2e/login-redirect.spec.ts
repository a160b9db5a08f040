import type { APIRequestContext } from '@playwright/test';
import { expect, test, type FreshMember } from './support/shopper.ts';

// Issue 22 item 4: the login page's `redirect` only ever leads to a page of this shop. Browsers drop
// tab, newline and CR from a URL, so `/<tab>/example.com` is followed as `//example.com`.
const HOSTILE = [
  '/\t/example.com',
  '/\n/x',
  '/\r/x',
  '/\r\n/example.com',
  '//example.com',
  '/\\example.com',
  'https://example.com',
  'javascript:alert(1)',
  '/\u2028/example.com',
];

/** The session cookie the login page writes, for a member logged in through the API. */
async function memberCookie(request: APIRequestContext, member: FreshMember): Promise<string> {
  const login = await request.post('/api/v1/members/auth', {
    data: { account: member.account, password: member.password },
  });
  expect(login.ok(), 'member login').toBe(true);
  const { id, token } = ((await login.json()) as { data: { id: number; token: unknown } }).data;
  return `web_auth_data=${encodeURIComponent(JSON.stringify({ id, token }))}`;
}

test.describe('a member who is already logged in opens a login link', () => {
  for (const page of ['/login', '/login/register']) {
    test(`${page} sends a hostile redirect to the member centre`, async ({ request, member }) => {
      const cookie = await memberCookie(request, member);
      for (const target of HOSTILE) {
        const res = await request.get(`${page}?redirect=${encodeURIComponent(target)}`, {
          headers: { cookie },
          maxRedirects: 0,
        });
        expect.soft(res.status(), JSON.stringify(target)).toBe(302);
        expect.soft(res.headers()['location'], JSON.stringify(target)).toBe('/member');
      }
    });
  }

  test('/login still leads on to a page of the shop', async ({ request, member }) => {
    const cookie = await memberCookie(request, member);
    for (const target of ['/cart?code=K', '/products/3#spec']) {
      const res = await request.get(`/login?redirect=${encodeURIComponent(target)}`, {
        headers: { cookie },
        maxRedirects: 0,
      });
      expect(res.status(), target).toBe(302);
      expect(res.headers()['location'], target).toBe(target);
    }
  });
});

test.describe('a clerk who is already signed in opens a back-office sign-in link', () => {
  test('a hostile next leads to the back office', async ({ request }) => {
    // The sign-in page only looks whether a staff cookie is there before sending the clerk on.
    const cookie = 'shop_admin=signed-in';
    for (const next of ['/admin\n/x', '/admin/\r\n/x', '//example.com/admin', 'https://example.com/admin']) {
      const res = await request.get(`/admin/login?next=${encodeURIComponent(next)}`, {
        headers: { cookie },
        maxRedirects: 0,
      });
      expect.soft(res.status(), JSON.stringify(next)).toBe(302);
      expect.soft(res.headers()['location'], JSON.stringify(next)).toBe('/admin');
    }
  });
});

test.describe('a guest logs in from a hostile link', () => {
  for (const target of ['/\t/example.com', '/\r\n/example.com']) {
    test(`redirect=${encodeURIComponent(target)} ends in the member centre of this shop`, async ({
      shopper,
      member,
      page,
      baseURL,
    }) => {
      // Should the shop follow the link, the browser lands here instead of on the real site.
      await page.context().route(
        (url) => url.hostname.endsWith('example.com'),
        (route) => route.fulfill({ body: 'left the shop' }),
      );
      await shopper.visit(`/login?redirect=${encodeURIComponent(target)}`);
      // Not logInHere(): that waits for the shop's page to come alive, which never happens elsewhere.
      const leaving = page.waitForURL((url) => url.pathname !== '/login');
      await page.getByLabel('手機號碼').fill(member.account);
      await page.getByLabel(/^密碼/).fill(member.password);
      await page.getByRole('button', { name: '登入', exact: true }).click();
      await leaving;
      const landed = new URL(page.url());
      expect(landed.origin).toBe(new URL(baseURL!).origin);
      expect(landed.pathname).toBe('/member');
    });
  }
});
