// The accountant's daily register (issue 16 item 4): the invoices issued, voided and allowed on one
// Taipei day, in the back office and as a CSV Excel reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceType } from '@shop/domain';
import { invoiceAllowances, invoices } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertMember, insertOrder } from '../admin-orders/test-fixtures.ts';

const NOW = new Date('2026-11-26T06:00:00Z');
let t: TestApp;

/** An invoice as the invoices module leaves it once ECPay answered (the register only reads them). */
async function invoiceFor(values: Partial<typeof invoices.$inferInsert> & { invoiceNo: string; invoiceDate: Date }) {
  const member = await insertMember(t.db);
  const order = await insertOrder(t.db, {
    memberId: member.id,
    values: { isPayment: true, goodsAmount: 1100, payAmount: 1200 },
  });
  const [row] = await t.db
    .insert(invoices)
    .values({
      orderId: order.id,
      relateNumber: order.orderNumber,
      status: 'issued',
      randomNumber: '1234',
      amount: order.payAmount,
      invoiceType: InvoiceType.Duplicate,
      ...values,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  // 26 November in Taipei: two issued (one voided the same day), one allowance of an older invoice.
  await invoiceFor({ invoiceNo: 'AB00000001', invoiceDate: new Date('2026-11-25T16:30:00Z') });
  await invoiceFor({
    invoiceNo: 'AB00000002',
    invoiceDate: new Date('2026-11-26T02:00:00Z'),
    status: 'voided',
    voidedAt: new Date('2026-11-26T05:00:00Z'),
    invoiceType: InvoiceType.Triplicate,
    customerIdentifier: '53212539',
    customerName: '好日子設計有限公司',
  });
  const older = await invoiceFor({ invoiceNo: 'AB00000003', invoiceDate: new Date('2026-11-20T02:00:00Z') });
  await t.db.insert(invoiceAllowances).values({
    invoiceId: older.id,
    reason: 'return',
    status: 'issued',
    allowanceNo: '2026112612345678',
    amount: 300,
    allowanceDate: new Date('2026-11-26T03:00:00Z'),
    remainingAmount: older.amount - 300,
  });
  // The day before in Taipei (23:59 on the 25th): not on the 26th's register.
  await invoiceFor({ invoiceNo: 'AB00000004', invoiceDate: new Date('2026-11-25T15:59:00Z') });
});
afterAll(() => t?.close());

describe('the daily e-invoice register', () => {
  it("lists the day's issues, voids and allowances in the order they happened, with the sums", async () => {
    const res = await t.asStaff('staff', 'GET', '/api/v1/admin/invoices?date=2026-11-26');
    expect(res.statusCode, res.body).toBe(200);
    const register = res.json().data;
    expect(register.entries.map((e: { kind: string; invoice_no: string }) => [e.kind, e.invoice_no])).toEqual([
      ['issued', 'AB00000001'],
      ['issued', 'AB00000002'],
      ['allowance', 'AB00000003'],
      ['voided', 'AB00000002'],
    ]);
    expect(register.entries[2]).toMatchObject({ amount: 300, allowance_no: '2026112612345678' });
    expect(register.totals).toEqual({
      issued: register.entries[0].amount + register.entries[1].amount,
      voided: register.entries[1].amount,
      allowance: 300,
    });
  });

  it('is today (Taipei) without a date, and empty on a quiet day', async () => {
    expect((await t.asStaff('staff', 'GET', '/api/v1/admin/invoices')).json().data.date).toBe('2026-11-26');
    const quiet = (await t.asStaff('staff', 'GET', '/api/v1/admin/invoices?date=2026-11-01')).json().data;
    expect(quiet).toEqual({ date: '2026-11-01', entries: [], totals: { issued: 0, voided: 0, allowance: 0 } });
  });

  it('exports the day as a CSV Excel reads: byte order mark, Chinese headers, digits kept as text', async () => {
    const res = await t.asStaff('staff', 'GET', '/api/v1/admin/invoices/export?date=2026-11-26');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="e-invoices-20261126.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"類別","時間","發票號碼","發票日期","折讓單號","訂單編號","發票類型","買方統一編號","金額（含稅）"',
    );
    expect(lines).toHaveLength(6);
    expect(lines[2]).toContain('"三聯式","53212539"');
    expect(lines[3]).toMatch(/^"折讓","2026-11-26 11:00","AB00000003",.*,="2026112612345678",.*,300$/);
  });

  it('refuses a date that is not one (400) and anyone but the staff (401)', async () => {
    const bad = await t.asStaff('staff', 'GET', '/api/v1/admin/invoices?date=2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'date', msg: '日期格式應為 yyyy-MM-dd' }]);
    expect((await t.guest('GET', '/api/v1/admin/invoices')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/invoices/export' })).statusCode).toBe(401);
  });
});
