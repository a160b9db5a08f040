// The row POST /orders writes (docs/decisions/009): the amounts as priced and the snapshots of what
// was bought, kept as they were whatever the catalogue becomes later.
import { DeliveryMethod, OrderStatus, type OrderBody, type PricedOrder } from '@shop/domain';
import { bundleInfo, pricedPackageFields, pricedProductFields, type PricingInput } from './checkout-pricing.ts';
import type * as repo from './orders.repository.ts';
/** The order's row with its snapshots; the number is drawn when it is inserted. */
export function orderRow(order: {
  memberId: number;
  buyer: repo.Buyer;
  body: OrderBody;
  input: PricingInput;
  priced: PricedOrder;
  now: Date;
}): repo.NewOrderRow {
  const { memberId, buyer, body, input, priced, now } = order;
  const paidInFull = priced.payAmount === 0;
  return {
    orderNumber: '',
    memberId,
    memberCellphone: buyer.cellPhone || buyer.account,
    paymentType: body.payment_type,
    installments: body.installments,
    deliveryMethod: body.delivery_method,
    // docs/decisions/009: an order with nothing left to pay is paid when it is made.
    isPayment: paidInFull,
    paidAt: paidInFull ? now : null,
    status: OrderStatus.Processing,
    goodsAmount: priced.goodsAmount,
    discountAmount: priced.discountAmount,
    celebrityDiscount: priced.celebrityDiscount,
    levelDiscount: priced.levelDiscount,
    couponId: priced.coupon?.id ?? null,
    couponCode: priced.coupon?.code ?? null,
    couponDiscount: priced.couponDiscount,
    shipping: priced.shipping,
    useBonus: priced.useBonus,
    payAmount: priced.payAmount,
    recvName: body.recv_name,
    recvCellphone: body.recv_cellphone,
    recvAddress: body.delivery_method === DeliveryMethod.ConvenienceStore ? '' : body.recv_address,
    storeInfo: body.store ? JSON.stringify(body.store) : null,
    remark: body.remark,
    receipt: JSON.stringify(body.receipt),
    celebrityCode: input.offer?.code ?? null,
    productInfo: JSON.stringify(productInfo(priced)),
    packageInfo: JSON.stringify(packageInfo(priced)),
    bundleInfo: JSON.stringify(bundleInfo(priced)),
    createdAt: now,
    updatedAt: now,
  };
}

/** The products as bought, with the snapshot the order keeps if the catalogue changes later. */
function productInfo(priced: PricedOrder) {
  return priced.products.map((p) => ({
    id: p.productId,
    ...pricedProductFields(p),
    bundle_id: p.bundleId,
    product_snapshot: { name: p.name, product_specs_name: p.specName, on_sale_price: p.salePrice },
  }));
}

function packageInfo(priced: PricedOrder) {
  return priced.packages.map((p) => ({
    id: p.packageId,
    ...pricedPackageFields(p),
    product_snapshot: { name: p.name, on_sale_price: p.salePrice },
  }));
}
