import type { Route } from './+types/settings';
import {
  type AdminSettings,
  BONUS_RATE_MAX,
  LEVEL_DISCOUNT_MAX,
  ORDER_MESSAGE_KINDS,
  orderMessageKindLabel,
  type OrderMessageSwitches,
} from '@shop/domain';
import { adminGet, adminSend, staffApi, type ActionResult } from '../../features/admin/admin-api.server.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import { CheckboxList, TextField } from '../../features/admin/components/fields.tsx';
import { ActionNotice, PageHeader } from '../../features/admin/components/page-parts.tsx';
import { SettingFields, SettingsCard } from '../../features/admin/components/settings-form.tsx';
import {
  DOWNLINE_FIELDS,
  FOLLOW_US_FIELDS,
  PAYMENT_FIELDS,
  REMINDER_FIELDS,
  SHIPPING_FIELDS,
  SITE_FIELDS,
  SITE_PICTURES,
} from '../../features/admin/components/store-settings-fields.ts';
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

type Settings = Route.ComponentProps['loaderData'];

export default function AdminSettings({ loaderData: s, actionData }: Route.ComponentProps) {
  const errorsOf = (section: string) =>
    actionData && !actionData.ok && actionData.section === section ? (actionData.errors ?? {}) : {};
  return (
    <>
      <PageHeader
        title="商店設定"
        description="網站資訊與分析工具、運費退貨與付款期限、紅利回饋、社群連結、匯款帳戶、顧客通知、購物車提醒（僅店長可修改）"
      />
      <ActionNotice result={actionData} />
      <SettingsCard
        id="set-shipping"
        title="運費、退貨與付款期限"
        formKey={`shipping-${s.shipping.version}`}
        version={s.shipping.version}
        intent="shipping"
        submit="儲存運費、退貨與付款期限"
      >
        <div className="bo-fields">
          <SettingFields fields={SHIPPING_FIELDS} values={s.shipping} errors={errorsOf('shipping')} />
        </div>
      </SettingsCard>
      <BonusSettings bonus={s.bonus} errors={errorsOf('bonus')} />
      <SettingsCard
        id="set-site"
        title="網站資訊"
        formKey={`site-${s.site.version}`}
        version={s.site.version}
        intent="site"
        submit="儲存網站資訊"
      >
        <div className="bo-fields">
          <SettingFields fields={SITE_FIELDS} values={s.site} errors={errorsOf('site')} />
        </div>
        <div className="bo-fields">
          <SettingFields fields={SITE_PICTURES} values={s.site} errors={errorsOf('site')} />
        </div>
      </SettingsCard>
      <div className="bo-grid-2">
        <SettingsCard
          id="set-follow"
          title="社群連結"
          formKey={`follow-${s.follow_us.version}`}
          version={s.follow_us.version}
          intent="follow-us"
          submit="儲存社群連結"
        >
          <SettingFields fields={FOLLOW_US_FIELDS} values={s.follow_us} errors={errorsOf('follow-us')} />
        </SettingsCard>
        <SettingsCard
          id="set-payment"
          title="匯款帳戶"
          intro={<p className="bo-field__help">選擇「銀行轉帳」的顧客會看到這個帳戶</p>}
          formKey={`payment-${s.payment.version}`}
          version={s.payment.version}
          intent="payment"
          submit="儲存匯款帳戶"
        >
          <SettingFields fields={PAYMENT_FIELDS} values={s.payment} errors={errorsOf('payment')} />
        </SettingsCard>
      </div>
      <OrderMessageSettings switches={s.order_messages} errors={errorsOf('order-messages')} />
      <SettingsCard
        id="set-reminders"
        title="購物車提醒"
        formKey={`reminders-${s.reminders.enabled}-${s.reminders.after_hours}`}
        intent="reminders"
        submit="儲存購物車提醒"
      >
        <div className="bo-fields">
          <SettingFields fields={REMINDER_FIELDS} values={s.reminders} errors={errorsOf('reminders')} />
        </div>
      </SettingsCard>
    </>
  );
}

/** 紅利回饋與會員折扣: each member level's rate and discount, then the two referral levels. */
function BonusSettings({ bonus, errors }: { bonus: Settings['bonus']; errors: Record<string, string> }) {
  return (
    <SettingsCard
      id="set-bonus"
      title="紅利回饋與會員折扣"
      intro={
        <p className="bo-card__intro">
          會員付款後，依會員等級的回饋比例累積「待入帳紅利」（以商品金額計，不含運費）；鑑賞期結束後轉為可用紅利，退貨時扣回退款部分。推薦回饋於推薦會員的訂單完成時入帳。
        </p>
      }
      formKey={`bonus-${bonus.version}`}
      version={bonus.version}
      intent="bonus"
      submit="儲存紅利回饋與會員折扣"
    >
      <div className="bo-fields">
        {bonus.levels.map((level, i) => (
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
              error={errors[`levels.${i}.bonus_rate`] ?? errors[`levels.${i}.id`]}
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
              error={errors[`levels.${i}.discount_percent`]}
            />
          </div>
        ))}
        <SettingFields fields={DOWNLINE_FIELDS} values={bonus} errors={errors} />
      </div>
    </SettingsCard>
  );
}

/** 顧客通知: which order messages are sent; the form is drawn again when the saved switches change. */
function OrderMessageSettings({
  switches,
  errors,
}: {
  switches: OrderMessageSwitches;
  errors: Record<string, string>;
}) {
  return (
    <SettingsCard
      id="set-messages"
      title="顧客通知"
      intro={
        <p className="bo-field__help">
          訂單狀態改變時以簡訊通知顧客；會員若在會員中心填寫 Email，也會收到
          Email。取消勾選的通知不會發送，並在訂單的通知紀錄標示「未發送」。
        </p>
      }
      formKey={`messages-${switches.kinds.map((k) => Number(k.enabled)).join('')}`}
      intent="order-messages"
      submit="儲存顧客通知"
    >
      <CheckboxList
        label="發送的通知"
        name="enabled"
        options={ORDER_MESSAGE_KINDS.map((kind) => ({ value: kind, label: orderMessageKindLabel[kind] }))}
        checked={switches.kinds.filter((k) => k.enabled).map((k) => k.kind)}
        error={errors.enabled}
        wide
      />
    </SettingsCard>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
