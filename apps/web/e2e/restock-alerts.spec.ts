import fs from 'node:fs';
import path from 'node:path';
import { seriousViolations } from './support/accessibility-checks.ts';
import { expect, test } from './support/shop-owner.ts';

// Issue 43 item 2: on a sold-out spec a member taps 「貨到通知我」; when the owner gives the spec stock
// again, the member gets one SMS with a link to the product, and the wait ends.

const smsLog = () => {
  const file = path.join(process.env.SHOP_E2E_DATA_DIR ?? '', 'sms.log');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
};
const smsTo = (account: string) =>
  smsLog()
    .split('\n')
    .filter((line) => line.includes(`\t${account}\t`));

test('a member asks to hear when a sold-out spec is back, and hears once when the owner restocks it', async ({
  shopper,
  member,
  catalogue,
  backOffice,
  page,
}) => {
  const tea = await catalogue.product({
    specs: [
      { name: '150g', price: 900, salePrice: 800, stock: 0 },
      { name: '300g', price: 1600, salePrice: 1500, stock: 5 },
    ],
  });
  const soldOut = tea.product_specs.find((s) => s.name === '150g')!;

  // A guest is asked to log in first.
  await shopper.visit(`/products?sn=${tea.id}`);
  await expect(page.getByText('「150g」已售完')).toBeVisible();
  await expect(page.getByRole('link', { name: '貨到通知我' })).toHaveAttribute('href', /^\/login\?redirect=/);

  await shopper.login(member.account, member.password);
  await shopper.visit(`/products?sn=${tea.id}`);
  const ask = page.getByRole('button', { name: `貨到通知我：${tea.name}－150g` });
  await ask.click();
  await expect(page.getByRole('status').filter({ hasText: '「150g」補貨時會以簡訊通知您' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^已設定貨到通知/ })).toHaveAttribute('aria-pressed', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  // The owner sees who waits per spec.
  const waiting = async () =>
    (await backOffice.call<{ specs: { id: number; restock_waiting: number }[] }>('GET', `/admin/products/${tea.id}`))
      .specs;
  expect((await waiting()).find((s) => s.id === soldOut.id)!.restock_waiting).toBe(1);

  // A reload still knows the member waits.
  await page.reload();
  await shopper.waitUntilInteractive();
  await expect(page.getByRole('button', { name: /^已設定貨到通知/ })).toBeVisible();

  await catalogue.setSpecStock(tea.id, soldOut.id, 3);
  await expect
    .poll(() => smsTo(member.account).filter((l) => l.includes('已補貨')).length, { timeout: 15_000 })
    .toBe(1);
  const [sms] = smsTo(member.account).filter((l) => l.includes('已補貨'));
  expect(sms).toContain(`「${tea.name}－150g」已補貨`);
  expect(sms).toContain(`/products?sn=${tea.id}`);
  expect((await waiting()).find((s) => s.id === soldOut.id)!.restock_waiting).toBe(0);

  // Back in stock: the spec can be bought, and nothing asks about it any more.
  await page.reload();
  await shopper.waitUntilInteractive();
  await expect(page.getByText('「150g」已售完')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /150g/ })).toBeEnabled();
});
