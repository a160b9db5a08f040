import { Form } from 'react-router';
import { FREIGHT_COMPANIES } from '@shop/domain';
import { TextField } from '../components/fields.tsx';
import type { FieldErrors, OrderDetail } from './order-detail.ts';

/** The shipment form: freight company, tracking number and the day it left (today at the latest). */
export function ShipmentCard({ order: o, today, errors }: { order: OrderDetail; today: string; errors: FieldErrors }) {
  return (
    <section className="bo-card" aria-labelledby="ship-title">
      <h2 id="ship-title">出貨</h2>
      {/* noValidate: a missing field is answered under it in the domain's zh-TW words, as the storefront
          does, not by the browser's bubble in the browser's language (issue 20 item 5). */}
      <Form method="post" className="bo-form" noValidate>
        <input type="hidden" name="version" value={o.version} />
        <div className="bo-fields">
          <TextField
            label="物流公司"
            name="freight_company"
            defaultValue={FREIGHT_COMPANIES[0]}
            list="freight-companies"
            required
            error={errors.freight_company}
          />
          <datalist id="freight-companies">
            {FREIGHT_COMPANIES.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <TextField
            label="物流單號"
            name="tracking_number"
            autoComplete="off"
            required
            error={errors.tracking_number}
          />
          <TextField
            label="出貨日期"
            name="ship_date"
            type="date"
            defaultValue={today}
            max={today}
            required
            error={errors.ship_date}
          />
        </div>
        <div className="bo-actions">
          <button type="submit" name="intent" value="ship" className="bo-button bo-button--primary">
            確認出貨
          </button>
        </div>
      </Form>
    </section>
  );
}
