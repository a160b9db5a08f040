import { seriousViolations } from './support/accessibility-checks.ts';
import { watchPolicyViolations } from './support/policy-violations.ts';
import { expect, test } from './support/shopper.ts';

// Issue 20 item 9: the spec's courses and course types (spec §3, §7) have storefront pages: /courses
// lists them by type, /courses/{id} shows one, the menu links there and the sitemap lists them.

test.describe('a shopper looks for a course', () => {
  test('finds 課程 in the menu, filters by type and reads a course', async ({ shopper, catalogue, page }) => {
    const candles = await catalogue.courseType();
    const coffee = await catalogue.courseType();
    const candleCourse = await catalogue.course(candles.id, {
      description: '<h2>課程內容</h2><p>調香、入模，做出一顆大豆蠟蠟燭。</p>',
      price: 1200,
      salePrice: 980,
      startDate: '2026-12-20',
      location: '台北市大安區 好日子教室',
    });
    const coffeeCourse = await catalogue.course(coffee.id, { price: 800, salePrice: 800, startDate: null });

    const violations = await watchPolicyViolations(page);
    await shopper.visitHome();
    const menu = await shopper.openMenu();
    await menu.getByRole('link', { name: '課程', exact: true }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole('heading', { level: 1, name: '課程' })).toBeVisible();
    await expect(page).toHaveTitle(/課程/);
    const courses = shopper.main.getByRole('list', { name: '課程列表' });
    // Made just now, both head the list (newest first, spec §9).
    await expect(courses.getByRole('heading', { name: candleCourse.name })).toBeVisible();
    await expect(courses.getByRole('heading', { name: coffeeCourse.name })).toBeVisible();
    await violations.expectNone('opening /courses from the menu');
    expect(await seriousViolations(page), '/courses').toEqual([]);

    const types = shopper.main.getByRole('navigation', { name: '課程分類' });
    await expect(types.getByRole('link', { name: '全部課程' })).toHaveAttribute('aria-current', 'page');
    await types.getByRole('link', { name: candles.name }).click();
    await expect(page).toHaveURL(new RegExp(`/courses\\?t=${candles.id}$`));
    await expect(types.getByRole('link', { name: candles.name })).toHaveAttribute('aria-current', 'page');
    await expect(courses.getByRole('heading')).toHaveText([candleCourse.name]);
    await expect(page).toHaveTitle(new RegExp(candles.name));

    await courses.getByRole('link', { name: new RegExp(candleCourse.name) }).click();
    await expect(page).toHaveURL(new RegExp(`/courses/${candleCourse.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: candleCourse.name })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(candleCourse.name));
    await expect(shopper.main.getByRole('img', { name: candleCourse.name })).toBeVisible();
    const facts = shopper.main.getByRole('region', { name: '課程資訊' });
    await expect(facts).toContainText('2026-12-20');
    await expect(facts).toContainText('台北市大安區 好日子教室');
    await expect(facts).toContainText('NT$980');
    await expect(facts.locator('del')).toHaveText('NT$1,200');
    // The description is the back office's html, sanitised, as news content is.
    await expect(shopper.main.getByRole('heading', { level: 2, name: '課程內容' })).toBeVisible();
    await expect(shopper.breadcrumb.getByRole('link', { name: '課程', exact: true })).toHaveAttribute(
      'href',
      '/courses',
    );
    await expect(shopper.breadcrumb.getByRole('link', { name: candles.name })).toHaveAttribute(
      'href',
      `/courses?t=${candles.id}`,
    );
    await violations.expectNone('filtering by type and opening a course');
    expect(await seriousViolations(page), 'a course').toEqual([]);

    // A course without a start date says so instead of an empty line.
    await shopper.visit(`/courses/${coffeeCourse.id}`);
    await expect(shopper.main.getByRole('region', { name: '課程資訊' })).toContainText('另行公告');
    await expect(shopper.main.getByRole('region', { name: '課程資訊' }).locator('del')).toHaveCount(0);
  });

  test('a hidden or unknown course, or an unknown type, shows the empty state with 404', async ({
    shopper,
    catalogue,
    page,
  }) => {
    const type = await catalogue.courseType();
    const hidden = await catalogue.course(type.id, { hidden: true });
    for (const path of [`/courses/${hidden.id}`, '/courses/999999999', '/courses/abc']) {
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(404);
      await shopper.waitUntilInteractive();
      await expect(shopper.emptyState('找不到此課程，可能已下架')).toBeVisible();
    }
    const response = await page.goto('/courses?t=999999999');
    expect(response!.status()).toBe(404);
    await shopper.waitUntilInteractive();
    await expect(shopper.emptyState('找不到此課程分類')).toBeVisible();
    // The hidden course is in no list either.
    await shopper.visit(`/courses?t=${type.id}`);
    await expect(shopper.emptyState('此分類目前沒有課程')).toBeVisible();
  });

  test('the sitemap lists the course pages, and /courses fits the screen', async ({ shopper, catalogue, page }) => {
    const type = await catalogue.courseType();
    const course = await catalogue.course(type.id);
    const hidden = await catalogue.course(type.id, { hidden: true });
    const res = await page.request.get('/sitemap.xml');
    expect(res.ok()).toBe(true);
    const xml = await res.text();
    expect(xml).toContain(`/courses</loc>`);
    expect(xml).toContain(`/courses?t=${type.id}</loc>`);
    expect(xml).toContain(`/courses/${course.id}</loc>`);
    expect(xml).not.toContain(`/courses/${hidden.id}</loc>`);

    for (const path of ['/courses', `/courses/${course.id}`]) {
      await shopper.visit(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
