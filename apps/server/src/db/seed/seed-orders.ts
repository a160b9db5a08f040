// The demo orders, inserted in their final states: 王小明's, one per after-sales state (spec §4), and
// 陳大文's two waiting for the shop. order-history.ts then writes the history that led there.
import { CancelStatus, DeliveryMethod, InvoiceType, OrderStatus, PaymentMethod } from '@shop/domain';
import * as s from '../schema/index.ts';
import { demoBundles, demoProductPic } from './demo-catalogue.ts';
import { taipeiDate, type DemoClock, type Tx } from './demo-clock.ts';
import type { SeededCatalogue } from './seed-catalogue.ts';
import type { SeededMembers } from './seed-members.ts';

type NewOrder = typeof s.orders.$inferInsert;

/** An order line as the order's product_info keeps it. */
interface OrderLine {
  id: number;
  name: string;
  product_specs_name: string;
  spec_id: number;
  on_sale_price: number;
  qty: number;
}

/** What every demo order is made with: the clock, its lines, and the next order number. */
interface OrderKit {
  at: DemoClock['at'];
  line: (name: string, qty: number, specIndex?: number) => OrderLine;
  orderNumber: (created: Date) => string;
}

/** The order 王小明 paid partly with points: the bonus history refers to it. */
export interface PaidWithBonus {
  id: number;
  orderNumber: string;
  createdAt: Date;
}

const goods = (lines: OrderLine[]) => lines.reduce((sum, l) => sum + l.on_sale_price * l.qty, 0);
const eInvoice = JSON.stringify({ type: InvoiceType.Duplicate, carrier_type: 'mobile', carrier: '/ABC1234' });

export async function seedOrders(
  tx: Tx,
  clock: DemoClock,
  catalogue: SeededCatalogue,
  members: SeededMembers,
): Promise<{ count: number; paidWithBonus: PaidWithBonus }> {
  const kit = orderKit(clock, catalogue);
  const afterSales = await seedAfterSalesOrders(tx, kit, members.ming.id, catalogue.bundleIds[0]!);
  const waiting = await seedWaitingOrders(tx, kit, members.da.id);
  return { count: afterSales.count + waiting, paidWithBonus: afterSales.paidWithBonus };
}

function orderKit({ at }: DemoClock, { pid, specsOf }: SeededCatalogue): OrderKit {
  let seq = 0;
  return {
    at,
    line: (name, qty, specIndex = 0) => {
      const spec = specsOf.get(name)![specIndex]!;
      return {
        id: pid(name),
        name,
        product_specs_name: spec.name,
        spec_id: spec.id,
        on_sale_price: spec.onSalePrice,
        qty,
      };
    },
    orderNumber: (created) =>
      `GD${taipeiDate(created).replaceAll('-', '').slice(2)}${String(++seq + 100).padStart(4, '0')}`,
  };
}

// ---- orders of 0911111111: one per after-sales state (spec §4)

const mingRecv = { recvName: '王小明', recvCellphone: '0911111111', recvAddress: '台北市大安區復興南路一段390號3樓' };

async function seedAfterSalesOrders(
  tx: Tx,
  kit: OrderKit,
  memberId: number,
  bundleId: number,
): Promise<{ count: number; paidWithBonus: PaidWithBonus }> {
  const { at } = kit;
  const buyer = { memberId, memberCellphone: '0911111111' };
  // In this order: each draws the next order number.
  const orders = [
    unpaidTransfer(kit),
    paidByCard(kit, bundleId),
    shippedRecently(kit),
    shippedLongAgo(kit),
    cancelledOnRequest(kit),
  ];
  const orderRows = await tx
    .insert(s.orders)
    .values(orders.map((order) => ({ ...buyer, ...mingRecv, ...order })))
    .returning({ id: s.orders.id, orderNumber: s.orders.orderNumber });
  const paidOrder = orderRows[1]!;
  const cancelledOrder = orderRows[4]!;
  await tx.insert(s.orderCancelRecords).values({
    orderId: cancelledOrder.id,
    memberId,
    orderNumber: cancelledOrder.orderNumber,
    contactPhone: '0911111111',
    reason: '重複下單，想取消這筆訂單',
    status: CancelStatus.Approve,
    createdAt: at(-9, -4),
    handledAt: at(-9),
  });
  return { count: orderRows.length, paidWithBonus: { ...paidOrder, createdAt: orders[1]!.createdAt! } };
}

type DemoOrder = Omit<NewOrder, 'memberId' | 'memberCellphone' | 'recvName' | 'recvCellphone'>;

/** Unpaid bank transfer, still Processing, no remittance notice yet: offers "notify payment". */
function unpaidTransfer({ at, line, orderNumber }: OrderKit): DemoOrder {
  const lines = [line('阿里山高山烏龍茶', 1), line('梨山冷泡茶包', 2)];
  const created = at(-1);
  return {
    orderNumber: orderNumber(created),
    paymentType: PaymentMethod.Transfer,
    goodsAmount: goods(lines),
    shipping: 0, // goods over the free-shipping threshold
    payAmount: goods(lines),
    receipt: eInvoice,
    remark: '請於平日白天配送',
    productInfo: JSON.stringify(lines),
    createdAt: created,
    updatedAt: created,
  };
}

/** Paid by card with a bundle discount and 100 points, Processing, not shipped: cancel opens the refund modal. */
function paidByCard({ at, line, orderNumber }: OrderKit, bundleId: number): DemoOrder {
  const lines = [line('玻尿酸保濕精華液', 1), line('薰衣草舒眠身體乳', 1)];
  const paidGoods = goods(lines);
  const paidDiscount = paidGoods - Math.round((paidGoods * 85) / 100);
  const bundle1 = demoBundles[0]!;
  const created = at(0, -3);
  return {
    orderNumber: orderNumber(created),
    paymentType: PaymentMethod.Credit,
    isPayment: true,
    paidAt: at(0, -3),
    tradeNo: '2501151234567890',
    goodsAmount: paidGoods,
    discountAmount: paidDiscount,
    shipping: 100,
    useBonus: 100,
    payAmount: paidGoods - paidDiscount + 100 - 100,
    receipt: eInvoice,
    productInfo: JSON.stringify(lines),
    bundleInfo: JSON.stringify([
      {
        id: bundleId,
        title: bundle1.title,
        discount_type: bundle1.discountType,
        discount_rule: JSON.stringify(bundle1.rule),
        discount: paidDiscount,
      },
    ]),
    createdAt: created,
    updatedAt: created,
  };
}

/** Shipped 2 days ago: inside the 7-day return window. */
function shippedRecently({ at, line, orderNumber }: OrderKit): DemoOrder {
  const lines = [line('綜合維他命B群', 2), line('益生菌順暢粉', 1)];
  const recentGoods = goods(lines);
  const recentCelebrity = recentGoods - Math.round((recentGoods * 90) / 100);
  const created = at(-5);
  return {
    orderNumber: orderNumber(created),
    paymentType: PaymentMethod.Credit,
    isPayment: true,
    paidAt: created,
    isShipping: true,
    shipDate: at(-2),
    freightCompany: '黑貓宅急便',
    trackingNumber: '905512348876',
    status: OrderStatus.Complete,
    goodsAmount: recentGoods,
    celebrityDiscount: recentCelebrity,
    celebrityCode: 'DEMOKOL',
    shipping: 0,
    payAmount: recentGoods - recentCelebrity,
    receipt: JSON.stringify({ type: InvoiceType.Triplicate, tax_id: '53212539', title: '小明設計工作室' }),
    productInfo: JSON.stringify(lines),
    createdAt: created,
    updatedAt: at(-2),
  };
}

/** Shipped 30 days ago to a convenience store, paid on pickup: the return window has passed. */
function shippedLongAgo({ at, line, orderNumber }: OrderKit): DemoOrder {
  const lines = [line('無患子洗衣精', 1), line('竹炭除濕包', 2)];
  const created = at(-33);
  return {
    recvAddress: '',
    orderNumber: orderNumber(created),
    paymentType: PaymentMethod.CashOnDelivery,
    deliveryMethod: DeliveryMethod.ConvenienceStore,
    storeInfo: JSON.stringify({ chain: '7-ELEVEN', id: '131386', name: '忠孝敦化門市' }),
    isPayment: true,
    paidAt: at(-28),
    isShipping: true,
    shipDate: at(-30),
    freightCompany: '7-ELEVEN 交貨便',
    trackingNumber: 'F27394810552',
    status: OrderStatus.Complete,
    goodsAmount: goods(lines),
    shipping: 100,
    payAmount: goods(lines) + 100,
    receipt: JSON.stringify({ type: InvoiceType.Donate, donate_code: '919' }),
    productInfo: JSON.stringify(lines),
    createdAt: created,
    updatedAt: at(-28),
  };
}

/** Unpaid ATM virtual account, cancelled by the shop after the member's request. */
function cancelledOnRequest({ at, line, orderNumber }: OrderKit): DemoOrder {
  const lines = [line('台灣檜木砧板', 1)];
  const created = at(-10);
  return {
    orderNumber: orderNumber(created),
    paymentType: PaymentMethod.VirtualAccount,
    virtualAccount: '9103522175887271',
    virtualAccountBankCode: '822',
    virtualAccountExpireDate: at(-7),
    status: OrderStatus.Cancel,
    goodsAmount: goods(lines),
    shipping: 100,
    payAmount: goods(lines) + 100,
    receipt: eInvoice,
    productInfo: JSON.stringify(lines),
    createdAt: created,
    updatedAt: at(-9),
  };
}

// ---- orders of 0933333333 waiting for the shop (the back office's first to-dos): a transfer
// whose remittance notice names the last five digits, and a return request to decide.

/** The two orders and the return request; answers how many orders it wrote. */
async function seedWaitingOrders(tx: Tx, { at, line, orderNumber }: OrderKit, memberId: number): Promise<number> {
  const daRecv = { recvName: '陳大文', recvCellphone: '0933333333', recvAddress: '高雄市苓雅區四維三路2號' };
  const daBuyer = { memberId, memberCellphone: '0933333333' };
  const notifiedLines = [line('文山包種茶', 1)];
  const returnLines = [line('薰衣草舒眠身體乳', 1), line('乳油木果滋潤護唇膏', 2)];
  const waiting = { notified: at(0, -20), returned: at(-4) };
  const rows = await tx
    .insert(s.orders)
    .values([
      {
        ...daBuyer,
        ...daRecv,
        orderNumber: orderNumber(waiting.notified),
        paymentType: PaymentMethod.Transfer,
        lastNumberOfTransfer: '54321',
        goodsAmount: goods(notifiedLines),
        shipping: 100,
        payAmount: goods(notifiedLines) + 100,
        receipt: eInvoice,
        productInfo: JSON.stringify(notifiedLines),
        createdAt: waiting.notified,
        updatedAt: at(0, -18),
      },
      {
        ...daBuyer,
        ...daRecv,
        orderNumber: orderNumber(waiting.returned),
        paymentType: PaymentMethod.Credit,
        isPayment: true,
        paidAt: waiting.returned,
        tradeNo: '2501151234567999',
        isShipping: true,
        shipDate: at(-3),
        freightCompany: '新竹物流',
        trackingNumber: '6012345678',
        status: OrderStatus.Complete,
        isReturn: true,
        goodsAmount: goods(returnLines),
        shipping: 100,
        payAmount: goods(returnLines) + 100,
        receipt: eInvoice,
        productInfo: JSON.stringify(returnLines),
        createdAt: waiting.returned,
        updatedAt: at(-1),
      },
    ])
    .returning({ id: s.orders.id, orderNumber: s.orders.orderNumber });
  const returnOrder = rows[1]!;
  await tx.insert(s.orderReturnRecords).values({
    orderId: returnOrder.id,
    memberId,
    orderNumber: returnOrder.orderNumber,
    contactPerson: '陳大文',
    contactPhone: '0933333333',
    spec: '乳油木果滋潤護唇膏 2 條',
    reason: '收到時外盒壓壞，想退回護唇膏',
    pic: JSON.stringify([demoProductPic(11)]),
    createdAt: at(-1),
  });
  return rows.length;
}
