import { Form } from 'react-router';
import type { Route } from './+types/settings';
import {
  ATM_EXPIRE_DAYS,
  type AdminSettings,
  BARCODE_EXPIRE_DAYS,
  CVS_EXPIRE_MINUTES,
  INSTALLMENT_COUNTS,
  BONUS_RATE_MAX,
  LEVEL_DISCOUNT_MAX,
  ORDER_MESSAGE_KINDS,
  orderMessageKindLabel,
  type OrderMessageSwitches,
  RETURN_DAYS_MAX,
  RETURN_DAYS_MIN,
} from '@shop/domain';
import { adminGet, adminSend, staffApi, type ActionResult } from '../../features/admin/admin-api.server.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import { CheckboxField, CheckboxList, TextArea, TextField } from '../../features/admin/components/fields.tsx';
import { ActionNotice, PageHeader, SubmitButton } from '../../features/admin/components/page-parts.tsx';
import { PictureField } from '../../features/admin/components/picture-field.tsx';
import {
  AnalyticsFields,
  ReminderSettingsSection,
} from '../../features/admin/components/analytics-and-reminder-settings.tsx';
import { formBody } from '../../features/admin/form-body.ts';
import { readForm } from '../../lib/form-post.server.ts';

/** Which form was sent, and where it goes (owner only: the API answers 403 to staff). */
const SECTIONS = {
  site: { path: '/admin/settings/site', done: '網站資訊已儲存' },
  shipping: { path: '/admin/settings/shipping', done: '運費、退貨與付款期限已儲存，新訂單立即適用' },
  'follow-us': { path: '/admin/settings/follow-us', done: '社群連結已儲存' },
  payment: { path: '/admin/settings/payment', done: '匯款帳戶已儲存' },
  bonus: { path: '/admin/settings/bonus', done: '紅利回饋與會員折扣已儲存，之後的訂單適用' },
  'order-messages': { path: '/admin/settings/order-messages', done: '顧客通知設定已儲存' },
  reminders: { path: '/admin/settings/reminders', done: '購物車提醒設定已儲存' },
} as const;

/** The checkboxes arrive as the list of kinds left on. */
const SHAPES: Partial<Record<keyof typeof SECTIONS, Parameters<typeof formBody>[1]>> = {
  'order-messages': { lists: ['enabled'] },
  reminders: { flags: ['enabled'] },
  shipping: {
    flags: ['cvs_enabled', 'barcode_enabled', 'apple_pay_enabled', 'twqr_enabled'],
    lists: ['installment_counts'],
  },
};

export const meta: Route.MetaFunction = () => adminMeta('商店設定');

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = staffApi({ request, url, context });
  const [{ data }, messages] = await Promise.all([
    adminGet<AdminSettings>(api, '/admin/settings'),
    adminGet<OrderMessageSwitches>(api, '/admin/settings/order-messages'),
  ]);
  return { ...data, order_messages: messages.data };
}

export async function action({
  request,
  url,
  context,
}: Route.ActionArgs): Promise<ActionResult & { section?: string }> {
  const form = await readForm(request);
  const section = String(form.get('intent') ?? '') as keyof typeof SECTIONS;
  const target = SECTIONS[section];
  if (!target) return { ok: false, message: '不支援此操作' };
  const result = await adminSend(
    staffApi({ request, url, context }),
    'PUT',
    target.path,
    formBody(form, SHAPES[section]),
  );
  return { ...(result.ok ? { ok: true, message: target.done } : result), section };
}

export default function AdminSettings({ loaderData: s, actionData }: Route.ComponentProps) {
  const errorsOf = (section: string) =>
    actionData && !actionData.ok && actionData.section === section ? (actionData.errors ?? {}) : {};
  const site = errorsOf('site');
  const shipping = errorsOf('shipping');
  const follow = errorsOf('follow-us');
  const payment = errorsOf('payment');
  const bonus = errorsOf('bonus');
  const messages = errorsOf('order-messages');
  const reminders = errorsOf('reminders');
  return (
    <>
      <PageHeader
        title="商店設定"
        description="網站資訊與分析工具、運費退貨與付款期限、紅利回饋、社群連結、匯款帳戶、顧客通知、購物車提醒（僅店長可修改）"
      />
      <ActionNotice result={actionData} />

      <section className="bo-card" aria-labelledby="set-shipping">
        <h2 id="set-shipping">運費、退貨與付款期限</h2>
        <Form method="post" className="bo-form" key={`shipping-${s.shipping.version}`}>
          <input type="hidden" name="version" value={s.shipping.version} />
          <div className="bo-fields">
            <TextField
              label="一般宅配運費（元）"
              name="shipping_fee"
              type="number"
              min={0}
              defaultValue={s.shipping.shipping_fee}
              required
              error={shipping.shipping_fee}
            />
            <TextField
              label="低溫宅配運費（元）"
              name="low_temp_shipping_fee"
              type="number"
              min={0}
              defaultValue={s.shipping.low_temp_shipping_fee}
              required
              error={shipping.low_temp_shipping_fee}
            />
            <TextField
              label="免運門檻（元）"
              name="free_shipping_threshold"
              type="number"
              min={0}
              defaultValue={s.shipping.free_shipping_threshold}
              help="商品金額（折扣後）達此金額免運費；留空表示不提供免運"
              error={shipping.free_shipping_threshold}
            />
            <TextField
              label="退貨期限（出貨後天數）"
              name="return_days"
              type="number"
              min={RETURN_DAYS_MIN}
              max={RETURN_DAYS_MAX}
              defaultValue={s.shipping.return_days}
              required
              help={`消費者保護法規定網購有 ${RETURN_DAYS_MIN} 天鑑賞期，不可少於 ${RETURN_DAYS_MIN} 天`}
              error={shipping.return_days}
            />
            <TextField
              label="庫存不足提醒（件）"
              name="low_stock_level"
              type="number"
              min={0}
              defaultValue={s.shipping.low_stock_level}
              required
              help="規格庫存等於或少於此數量時顯示「庫存不足」，並每天寄一封提醒到客服信箱；各規格可另設"
              error={shipping.low_stock_level}
            />
            <TextField
              label="ATM 繳費期限（天）"
              name="atm_expire_days"
              type="number"
              min={ATM_EXPIRE_DAYS.min}
              max={ATM_EXPIRE_DAYS.max}
              defaultValue={s.shipping.atm_expire_days}
              required
              help={`ATM 虛擬帳號可繳費的天數（${ATM_EXPIRE_DAYS.min}–${ATM_EXPIRE_DAYS.max} 天）；逾期未付款的訂單由系統自動取消`}
              error={shipping.atm_expire_days}
            />
            <CheckboxField
              label="超商代碼繳費"
              name="cvs_enabled"
              defaultChecked={s.shipping.cvs_enabled}
              text="結帳時提供超商代碼繳費（綠界 CVS）"
              help="顧客取得繳費代碼後，到 7-ELEVEN、全家、萊爾富或 OK超商的機台繳費"
              error={shipping.cvs_enabled}
            />
            <CheckboxField
              label="超商條碼繳費"
              name="barcode_enabled"
              defaultChecked={s.shipping.barcode_enabled}
              text="結帳時提供超商條碼繳費（綠界 BARCODE）"
              help="顧客在訂單頁取得三段條碼，於超商櫃檯出示手機畫面付款"
              error={shipping.barcode_enabled}
            />
            <TextField
              label="超商條碼繳費期限（天）"
              name="barcode_expire_days"
              type="number"
              min={BARCODE_EXPIRE_DAYS.min}
              max={BARCODE_EXPIRE_DAYS.max}
              defaultValue={s.shipping.barcode_expire_days}
              required
              help={`條碼可繳費的天數（${BARCODE_EXPIRE_DAYS.min}–${BARCODE_EXPIRE_DAYS.max} 天）；逾期未付款的訂單由系統自動取消`}
              error={shipping.barcode_expire_days}
            />
            <CheckboxField
              label="Apple Pay"
              name="apple_pay_enabled"
              defaultChecked={s.shipping.apple_pay_enabled}
              text="結帳時提供 Apple Pay（綠界 ApplePay）"
              help="只在支援 Apple Pay 的裝置與瀏覽器（iPhone、iPad、Mac 的 Safari）顯示；需先向綠界申請開通"
              error={shipping.apple_pay_enabled}
            />
            <CheckboxField
              label="台灣Pay"
              name="twqr_enabled"
              defaultChecked={s.shipping.twqr_enabled}
              text="結帳時提供台灣Pay（綠界 TWQR）"
              help="顧客以銀行 App 掃描 QR Code 付款；需先向綠界申請開通；退款時由商店轉帳至顧客提供的帳戶，與 ATM 相同"
              error={shipping.twqr_enabled}
            />
            <CheckboxList
              label="信用卡分期期數"
              name="installment_counts"
              options={INSTALLMENT_COUNTS.map((n) => ({ value: String(n), label: `${n} 期` }))}
              checked={s.shipping.installment_counts}
              help="結帳時可選的分期期數（綠界 CreditInstallment）；都不勾選表示不提供分期。分期訂單只能全額退款"
              error={shipping.installment_counts}
            />
            <TextField
              label="分期最低訂單金額（元）"
              name="installment_min_amount"
              type="number"
              min={0}
              defaultValue={s.shipping.installment_min_amount}
              required
              help="應付金額達此金額才顯示分期選項"
              error={shipping.installment_min_amount}
            />
            <TextField
              label="超商代碼繳費期限（分鐘）"
              name="cvs_expire_minutes"
              type="number"
              min={CVS_EXPIRE_MINUTES.min}
              max={CVS_EXPIRE_MINUTES.max}
              defaultValue={s.shipping.cvs_expire_minutes}
              required
              help={`繳費代碼可繳費的分鐘數（${CVS_EXPIRE_MINUTES.min}–${CVS_EXPIRE_MINUTES.max}，10080 分鐘為 7 天）；逾期未付款的訂單由系統自動取消`}
              error={shipping.cvs_expire_minutes}
            />
          </div>
          <div className="bo-actions">
            <SubmitButton intent="shipping">儲存運費、退貨與付款期限</SubmitButton>
          </div>
        </Form>
      </section>

      <section className="bo-card" aria-labelledby="set-bonus">
        <h2 id="set-bonus">紅利回饋與會員折扣</h2>
        <p className="bo-card__intro">
          會員付款後，依會員等級的回饋比例累積「待入帳紅利」（以商品金額計，不含運費）；鑑賞期結束後轉為可用紅利，退貨時扣回退款部分。推薦回饋於推薦會員的訂單完成時入帳。
        </p>
        <Form method="post" className="bo-form" key={`bonus-${s.bonus.version}`}>
          <input type="hidden" name="version" value={s.bonus.version} />
          <div className="bo-fields">
            {s.bonus.levels.map((level, i) => (
              <div key={level.id}>
                <input type="hidden" name={`levels.${i}.id`} value={level.id} />
                <TextField
                  label={`${level.name}回饋比例（%）`}
                  name={`levels.${i}.bonus_rate`}
                  type="number"
                  min={0}
                  max={BONUS_RATE_MAX}
                  defaultValue={level.bonus_rate}
                  required
                  help={`每消費 NT$100 回饋 ${level.bonus_rate} 點`}
                  error={bonus[`levels.${i}.bonus_rate`] ?? bonus[`levels.${i}.id`]}
                />
                <TextField
                  label={`${level.name}會員折扣（% off）`}
                  name={`levels.${i}.discount_percent`}
                  type="number"
                  min={0}
                  max={LEVEL_DISCOUNT_MAX}
                  defaultValue={level.discount_percent}
                  required
                  help={
                    level.discount_percent > 0
                      ? `結帳時商品金額（扣除網紅與組合優惠後）再折 ${level.discount_percent}%`
                      : '0 表示不打折'
                  }
                  error={bonus[`levels.${i}.discount_percent`]}
                />
              </div>
            ))}
            <TextField
              label="第一層推薦回饋（%）"
              name="downline_percent_1"
              type="number"
              min={0}
              max={BONUS_RATE_MAX}
              defaultValue={s.bonus.downline_percent_1}
              required
              help="您直接推薦的會員，其訂單完成時回饋給推薦人"
              error={bonus.downline_percent_1}
            />
            <TextField
              label="第二層推薦回饋（%）"
              name="downline_percent_2"
              type="number"
              min={0}
              max={BONUS_RATE_MAX}
              defaultValue={s.bonus.downline_percent_2}
              required
              help="被推薦會員再推薦的會員，其訂單完成時回饋給最上層推薦人"
              error={bonus.downline_percent_2}
            />
          </div>
          <div className="bo-actions">
            <SubmitButton intent="bonus">儲存紅利回饋與會員折扣</SubmitButton>
          </div>
        </Form>
      </section>

      <section className="bo-card" aria-labelledby="set-site">
        <h2 id="set-site">網站資訊</h2>
        <Form method="post" className="bo-form" key={`site-${s.site.version}`}>
          <input type="hidden" name="version" value={s.site.version} />
          <div className="bo-fields">
            <TextField
              label="網站名稱"
              name="website_title"
              defaultValue={s.site.website_title}
              required
              maxLength={60}
              help="瀏覽器分頁標題的開頭"
              error={site.website_title}
            />
            <AnalyticsFields site={s.site} errors={site} />
            <TextArea
              label="網站描述"
              name="description"
              defaultValue={s.site.description}
              rows={2}
              maxLength={300}
              help="搜尋引擎與分享預覽的說明文字"
              error={site.description}
            />
            <TextArea
              label="關鍵字"
              name="keywords"
              defaultValue={s.site.keywords}
              rows={2}
              maxLength={300}
              help="以逗號分隔"
              error={site.keywords}
            />
            <TextField
              label="客服電話"
              name="service_phone"
              type="tel"
              defaultValue={s.site.service_phone}
              error={site.service_phone}
            />
            <TextField
              label="客服 Email"
              name="service_email"
              type="email"
              defaultValue={s.site.service_email}
              error={site.service_email}
            />
            <TextField
              label="地址"
              name="service_address"
              defaultValue={s.site.service_address}
              error={site.service_address}
            />
            <TextField
              label="統一編號"
              name="service_tax_id"
              defaultValue={s.site.service_tax_id}
              inputMode="numeric"
              maxLength={8}
              error={site.service_tax_id}
            />
            <TextArea
              label="地圖嵌入碼"
              name="service_gmap"
              defaultValue={s.site.service_gmap}
              rows={3}
              help="在 Google 地圖按「分享 → 嵌入地圖」，把 <iframe …> 整段貼上"
              error={site.service_gmap}
              wide
            />
          </div>
          <div className="bo-fields">
            <PictureField
              label="Logo"
              name="index_pic2"
              defaultValue={s.site.index_pic2 ? [s.site.index_pic2] : []}
              error={site.index_pic2}
              wide={false}
            />
            <PictureField
              label="網站圖示（favicon）"
              name="index_favicon"
              purpose="favicon"
              defaultValue={s.site.index_favicon ? [s.site.index_favicon] : []}
              help="正方形圖片，會縮成 192×192"
              error={site.index_favicon}
              wide={false}
            />
            <PictureField
              label="優惠活動頁橫幅"
              name="bundles_banner"
              defaultValue={s.site.bundles_banner ? [s.site.bundles_banner] : []}
              error={site.bundles_banner}
            />
          </div>
          <div className="bo-actions">
            <SubmitButton intent="site">儲存網站資訊</SubmitButton>
          </div>
        </Form>
      </section>

      <div className="bo-grid-2">
        <section className="bo-card" aria-labelledby="set-follow">
          <h2 id="set-follow">社群連結</h2>
          <Form method="post" className="bo-form" key={`follow-${s.follow_us.version}`}>
            <input type="hidden" name="version" value={s.follow_us.version} />
            {(['line', 'facebook', 'instagram', 'whatsapp', 'telegram'] as const).map((name) => (
              <TextField
                key={name}
                label={
                  {
                    line: 'LINE',
                    facebook: 'Facebook',
                    instagram: 'Instagram',
                    whatsapp: 'WhatsApp',
                    telegram: 'Telegram',
                  }[name]
                }
                name={name}
                type="url"
                defaultValue={s.follow_us[name]}
                placeholder="https://"
                error={follow[name]}
              />
            ))}
            <div className="bo-actions">
              <SubmitButton intent="follow-us">儲存社群連結</SubmitButton>
            </div>
          </Form>
        </section>

        <section className="bo-card" aria-labelledby="set-payment">
          <h2 id="set-payment">匯款帳戶</h2>
          <p className="bo-field__help">選擇「銀行轉帳」的顧客會看到這個帳戶</p>
          <Form method="post" className="bo-form" key={`payment-${s.payment.version}`}>
            <input type="hidden" name="version" value={s.payment.version} />
            <TextField
              label="戶名"
              name="bank_account_name"
              defaultValue={s.payment.bank_account_name}
              required
              error={payment.bank_account_name}
            />
            <TextField
              label="銀行代碼"
              name="bank_code"
              defaultValue={s.payment.bank_code}
              required
              inputMode="numeric"
              maxLength={3}
              narrow
              error={payment.bank_code}
            />
            <TextField
              label="銀行名稱"
              name="bank_name"
              defaultValue={s.payment.bank_name}
              required
              error={payment.bank_name}
            />
            <TextField
              label="帳號"
              name="bank_account"
              defaultValue={s.payment.bank_account}
              required
              inputMode="numeric"
              error={payment.bank_account}
            />
            <div className="bo-actions">
              <SubmitButton intent="payment">儲存匯款帳戶</SubmitButton>
            </div>
          </Form>
        </section>
      </div>

      <section className="bo-card" aria-labelledby="set-messages">
        <h2 id="set-messages">顧客通知</h2>
        <p className="bo-field__help">
          訂單狀態改變時以簡訊通知顧客；會員若在會員中心填寫 Email，也會收到
          Email。取消勾選的通知不會發送，並在訂單的通知紀錄標示「未發送」。
        </p>
        <Form
          method="post"
          className="bo-form"
          key={`messages-${s.order_messages.kinds.map((k) => Number(k.enabled)).join('')}`}
        >
          <CheckboxList
            label="發送的通知"
            name="enabled"
            options={ORDER_MESSAGE_KINDS.map((kind) => ({ value: kind, label: orderMessageKindLabel[kind] }))}
            checked={s.order_messages.kinds.filter((k) => k.enabled).map((k) => k.kind)}
            error={messages.enabled}
            wide
          />
          <div className="bo-actions">
            <SubmitButton intent="order-messages">儲存顧客通知</SubmitButton>
          </div>
        </Form>
      </section>

      <ReminderSettingsSection reminders={s.reminders} errors={reminders} />
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
