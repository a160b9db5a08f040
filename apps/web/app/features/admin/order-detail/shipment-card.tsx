import { Form } from 'react-router';
import { FREIGHT_COMPANIES } from '@shop/domain';
import type { FieldErrors, OrderDetail } from './order-detail.ts';

/** The shipment form: freight company, tracking number and the day it left (today at the latest). */
export function ShipmentCard({ order: o, today, errors }: { order: OrderDetail; today: string; errors: FieldErrors }) {
  return (
    <section className="bo-card" aria-labelledby="ship-title">
      <h2 id="ship-title">出貨</h2>
      <Form method="post" className="bo-form">
        <input type="hidden" name="version" value={o.version} />
        <div className="bo-fields">
          <div className="bo-field">
            <label htmlFor="freight">物流公司</label>
            <input
              id="freight"
              name="freight_company"
              className="bo-input"
              list="freight-companies"
              defaultValue={FREIGHT_COMPANIES[0]}
              required
              aria-invalid={errors.freight_company ? true : undefined}
            />
            <datalist id="freight-companies">
              {FREIGHT_COMPANIES.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
            {errors.freight_company ? <p className="bo-field__error">{errors.freight_company}</p> : null}
          </div>
          <div className="bo-field">
            <label htmlFor="tracking">物流單號</label>
            <input
              id="tracking"
              name="tracking_number"
              className="bo-input"
              required
              autoComplete="off"
              aria-invalid={errors.tracking_number ? true : undefined}
            />
            {errors.tracking_number ? <p className="bo-field__error">{errors.tracking_number}</p> : null}
          </div>
          <div className="bo-field">
            <label htmlFor="ship-date">出貨日期</label>
            <input
              id="ship-date"
              name="ship_date"
              type="date"
              className="bo-input"
              defaultValue={today}
              max={today}
              required
              aria-invalid={errors.ship_date ? true : undefined}
            />
            {errors.ship_date ? <p className="bo-field__error">{errors.ship_date}</p> : null}
          </div>
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
