// 商店設定 for issue 43: the analytics ids in the site form (item 5) and the cart reminders (item 3).
import { Form } from 'react-router';
import { CART_REMINDER_HOURS } from '@shop/domain';
import { CheckboxField, TextField } from './fields.tsx';
import { SubmitButton } from './page-parts.tsx';

/** Inside the site form: the spec's g_tag rides along unchanged; the storefront loads these ids after consent. */
export function AnalyticsFields({
  site,
  errors,
}: {
  site: { g_tag: string; ga4_measurement_id: string; meta_pixel_id: string };
  errors: Record<string, string>;
}) {
  return (
    <>
      <input type="hidden" name="g_tag" value={site.g_tag} />
      <TextField
        label="GA4 評估 ID"
        name="ga4_measurement_id"
        defaultValue={site.ga4_measurement_id}
        placeholder="G-XXXXXXXXXX"
        maxLength={14}
        help="留空表示不使用 Google Analytics；顧客在 Cookie 橫幅按「同意」後才會載入"
        error={errors.ga4_measurement_id}
      />
      <TextField
        label="Meta Pixel ID"
        name="meta_pixel_id"
        defaultValue={site.meta_pixel_id}
        inputMode="numeric"
        maxLength={20}
        help="留空表示不使用；只有數字，顧客同意後才會載入"
        error={errors.meta_pixel_id}
      />
    </>
  );
}

/** Cart reminders: off until the owner turns them on; one reminder per cart content. */
export function ReminderSettingsSection({
  reminders,
  errors,
}: {
  reminders: { enabled: boolean; after_hours: number };
  errors: Record<string, string>;
}) {
  return (
    <section className="bo-card" aria-labelledby="set-reminders">
      <h2 id="set-reminders">購物車提醒</h2>
      <Form method="post" className="bo-form" key={`reminders-${reminders.enabled}-${reminders.after_hours}`}>
        <div className="bo-fields">
          <CheckboxField
            label="寄送購物車提醒"
            name="enabled"
            text="會員的購物車放著未結帳時，寄一次提醒（簡訊，有 Email 者另寄 Email）"
            defaultChecked={reminders.enabled}
            help="同樣的購物車內容只提醒一次；會員可在會員中心關閉"
            error={errors.enabled}
          />
          <TextField
            label="購物車未變動多久後提醒（小時）"
            name="after_hours"
            type="number"
            min={CART_REMINDER_HOURS.min}
            max={CART_REMINDER_HOURS.max}
            defaultValue={reminders.after_hours}
            required
            narrow
            error={errors.after_hours}
          />
        </div>
        <div className="bo-actions">
          <SubmitButton intent="reminders">儲存購物車提醒</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
