import { labelOf, msg, shopDay, storeChainLabel, type StoreChain } from '@shop/domain';
import type { OrderDetail } from './order-detail.ts';

/** The receiver, the address or pickup store, and the shipment once it left. */
export function DeliveryCard({ order: o }: { order: OrderDetail }) {
  return (
    <section className="bo-card" aria-labelledby="ship-info-title">
      <h2 id="ship-info-title">收件與配送</h2>
      <dl className="bo-dl">
        <dt>收件人</dt>
        <dd>{o.recv_name}</dd>
        <dt>手機</dt>
        <dd>{o.recv_cellphone}</dd>
        <dt>配送方式</dt>
        <dd>{labelOf(msg.deliveryMethodLabel, o.delivery_method)}</dd>
        {o.store_info ? (
          <>
            <dt>取貨門市</dt>
            <dd>
              {storeChainLabel[o.store_info.chain as StoreChain] ?? o.store_info.chain} {o.store_info.name}（
              {o.store_info.id}）
              {o.store_info.address ? <span className="bo-dl__sub">{o.store_info.address}</span> : null}
            </dd>
          </>
        ) : (
          <>
            <dt>地址</dt>
            <dd>{o.recv_address || '—'}</dd>
          </>
        )}
        <dt>出貨</dt>
        <dd>{o.is_shipping ? `已出貨 ${shopDay(o.ship_date)}` : '未出貨'}</dd>
        {o.tracking_number ? (
          <>
            <dt>物流</dt>
            <dd>
              {o.freight_company} {o.tracking_number}
            </dd>
          </>
        ) : null}
        <dt>備註</dt>
        <dd>{o.remark || '—'}</dd>
      </dl>
    </section>
  );
}
