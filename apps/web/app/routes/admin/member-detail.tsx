import { Form } from 'react-router';
import type { Route } from './+types/member-detail';
import {
  DiscountKind,
  labelOf,
  msg,
  type AdminMemberDetail as MemberDetail,
  type AdminProductRelation,
  type PickerOption,
  shopDateTime,
} from '@shop/domain';
import { adminGet, adminSend, staffApi, type ActionResult } from '../../features/admin/admin-api.server.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import { CheckboxField, SelectField, TextField } from '../../features/admin/components/fields.tsx';
import { IdPicker } from '../../features/admin/components/id-picker.tsx';
import { OrderSummaryTable } from '../../features/admin/components/order-summary-table.tsx';
import { ActionNotice, PageHeader } from '../../features/admin/components/page-parts.tsx';
import { money } from '../../features/admin/format.ts';
import { readForm } from '../../lib/form-post.server.ts';

/** The recommendation pickers show names and pictures; ask once for the chosen products. */
async function relationOptions(api: ReturnType<typeof staffApi>, ids: number[]) {
  if (!ids.length) return [];
  return (await adminGet<PickerOption[]>(api, `/admin/options/products?ids=${ids.join(',')}`)).data;
}

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data ? `會員 ${data.member.name || data.member.account}` : '會員');

export async function loader({ request, url, context, params }: Route.LoaderArgs) {
  if (!/^\d+$/.test(params.id)) throw new Response(null, { status: 404 });
  const api = staffApi({ request, url, context });
  const { data: member } = await adminGet<MemberDetail>(api, `/admin/members/${params.id}`);
  const chosen = await relationOptions(
    api,
    member.product_relations.map((r) => r.product_id),
  );
  return { member, chosen };
}

const intOrNull = (value: FormDataEntryValue | null) => (value === null || value === '' ? null : Number(value));

export async function action({ request, url, context, params }: Route.ActionArgs): Promise<ActionResult> {
  const api = staffApi({ request, url, context });
  const form = await readForm(request);
  const base = `/admin/members/${params.id}`;
  switch (form.get('intent')) {
    case 'profile': {
      const celebrity = form.has('is_internet_celebrity');
      const result = await adminSend(api, 'PUT', base, {
        version: Number(form.get('version')),
        member_level_id: intOrNull(form.get('member_level_id')),
        status: form.has('status') ? 1 : 0,
        is_internet_celebrity: celebrity,
        internet_celebrity_code: String(form.get('internet_celebrity_code') ?? ''),
        celebrity_discount_type: intOrNull(form.get('celebrity_discount_type')),
        celebrity_discount_value: intOrNull(form.get('celebrity_discount_value')),
      });
      return result.ok ? { ok: true, message: '會員設定已儲存' } : result;
    }
    case 'bonus': {
      const delta = String(form.get('delta') ?? '').trim();
      const result = await adminSend(api, 'POST', `${base}/bonus-adjustments`, {
        delta: /^-?\d+$/.test(delta) ? Number(delta) : delta === '' ? undefined : NaN,
        reason: String(form.get('reason') ?? ''),
      });
      return result.ok ? { ok: true, message: '紅利已調整' } : result;
    }
    case 'relations':
      return saveRelations(api, params.id, form);
    default:
      return { ok: false, message: '不支援此操作' };
  }
}

/**
 * The recommended products as the picker left them: new ones added, removed ones deleted, and each
 * one's place (index_id) set to its position; hidden ones stay hidden.
 */
async function saveRelations(
  api: ReturnType<typeof staffApi>,
  memberId: string,
  form: FormData,
): Promise<ActionResult> {
  const { data: member } = await adminGet<MemberDetail>(api, `/admin/members/${memberId}`);
  const wanted = form.getAll('product_ids').map(Number);
  const current = new Map(member.product_relations.map((r) => [r.product_id, r]));
  for (const relation of member.product_relations) {
    if (!wanted.includes(relation.product_id)) {
      const removed = await adminSend(api, 'DELETE', `/admin/member-product-relations/${relation.id}`);
      if (!removed.ok) return removed;
    }
  }
  for (const [i, productId] of wanted.entries()) {
    let relation = current.get(productId);
    if (!relation) {
      const added = await adminSend<AdminProductRelation>(api, 'POST', `/admin/members/${memberId}/product-relations`, {
        product_id: productId,
      });
      if (!added.ok || !added.data) return added;
      relation = { ...added.data, product_id: productId, product_name: '', product_status: 1 };
    }
    const hidden = form.getAll('hidden_ids').map(Number).includes(productId);
    const status = hidden ? 0 : 1;
    if (relation.index_id !== i + 1 || relation.status !== status) {
      const moved = await adminSend(api, 'PUT', `/admin/member-product-relations/${relation.id}`, {
        status,
        index_id: i + 1,
      });
      if (!moved.ok) return moved;
    }
  }
  return { ok: true, message: '推薦商品已儲存' };
}

type Member = Route.ComponentProps['loaderData']['member'];
type Errors = Record<string, string>;

export default function AdminMemberDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { member: m, chosen } = loaderData;
  const errors = actionData && !actionData.ok ? (actionData.errors ?? {}) : {};
  return (
    <>
      <PageHeader
        title={m.name || m.account}
        description={`帳號 ${m.account} · 手機 ${m.cell_phone} · 加入於 ${shopDateTime(m.created_at)}`}
        back={{ to: '/admin/members', label: '會員列表' }}
      />
      <ActionNotice result={actionData} />
      <div className="bo-grid-main">
        <div>
          <MemberSettings member={m} errors={errors} />
          {m.is_internet_celebrity ? <RecommendedProducts member={m} chosen={chosen} errors={errors} /> : null}
          <section className="bo-card" aria-labelledby="member-orders">
            <h2 id="member-orders">訂單（{m.orders.length}）</h2>
            {m.orders.length ? <OrderSummaryTable orders={m.orders} /> : <p className="bo-field__help">還沒有訂單</p>}
          </section>
        </div>

        <div>
          <MemberBonus member={m} errors={errors} />
          <section className="bo-card" aria-labelledby="member-profile">
            <h2 id="member-profile">基本資料</h2>
            <dl className="bo-dl">
              <dt>姓名</dt>
              <dd>{m.name || '—'}</dd>
              <dt>性別</dt>
              <dd>{m.gender ? labelOf(msg.genderLabel, m.gender) : '—'}</dd>
              <dt>Email</dt>
              <dd>{m.email || '—'}</dd>
              <dt>地址</dt>
              <dd>{[m.city, m.area, m.address].filter(Boolean).join('') || '—'}</dd>
            </dl>
          </section>
        </div>
      </div>
    </>
  );
}

/** 會員設定: level, account state and the influencer's code and discount. */
function MemberSettings({ member: m, errors }: { member: Member; errors: Errors }) {
  return (
    <section className="bo-card" aria-labelledby="member-settings">
      <h2 id="member-settings">會員設定</h2>
      <Form method="post" className="bo-form" key={m.version}>
        <input type="hidden" name="version" value={m.version} />
        <div className="bo-fields">
          <SelectField
            label="會員等級"
            name="member_level_id"
            defaultValue={m.member_level_id}
            emptyLabel="（無等級）"
            options={m.levels.map((l) => ({ value: l.id, label: `${l.name}（累積消費 ${money(l.threshold)}）` }))}
            error={errors.member_level_id}
          />
          <CheckboxField
            label="帳號狀態"
            name="status"
            text="啟用（可登入與下單）"
            defaultChecked={m.status === 1}
            error={errors.status}
          />
          <CheckboxField
            label="網紅會員"
            name="is_internet_celebrity"
            text="是網紅（有專屬推薦頁 /coop/推薦碼）"
            defaultChecked={m.is_internet_celebrity}
            error={errors.is_internet_celebrity}
          />
          <TextField
            label="推薦碼"
            name="internet_celebrity_code"
            defaultValue={m.internet_celebrity_code}
            help="3 到 32 個英數字、- 或 _"
            error={errors.internet_celebrity_code}
          />
          <SelectField
            label="推薦碼折扣方式"
            name="celebrity_discount_type"
            defaultValue={m.celebrity_discount_type}
            emptyLabel="（不打折）"
            options={[
              { value: DiscountKind.Discount, label: '折抵金額（每件減去）' },
              { value: DiscountKind.PercentOn, label: '打折（90 為九折）' },
            ]}
            error={errors.celebrity_discount_type}
          />
          <TextField
            label="折扣值"
            name="celebrity_discount_value"
            type="number"
            min={0}
            defaultValue={m.celebrity_discount_value}
            error={errors.celebrity_discount_value}
          />
        </div>
        <div className="bo-actions">
          <button type="submit" name="intent" value="profile" className="bo-button bo-button--primary">
            儲存會員設定
          </button>
        </div>
      </Form>
    </section>
  );
}

/** 網紅推薦商品: the influencer page's products in order, and the ones hidden for now. */
function RecommendedProducts({
  member: m,
  chosen,
  errors,
}: {
  member: Member;
  chosen: Route.ComponentProps['loaderData']['chosen'];
  errors: Errors;
}) {
  const hidden = m.product_relations.filter((r) => r.status !== 1);
  return (
    <section className="bo-card" aria-labelledby="member-relations">
      <h2 id="member-relations">網紅推薦商品</h2>
      <Form
        method="post"
        className="bo-form"
        key={`relations-${m.product_relations.map((r) => `${r.id}.${r.index_id}.${r.status}`).join()}`}
      >
        <IdPicker
          label="推薦商品"
          name="product_ids"
          source="products"
          chosen={chosen}
          max={100}
          error={errors.product_id}
        />
        {hidden.length ? (
          <fieldset className="bo-fieldset">
            <legend>暫時隱藏</legend>
            {hidden.map((r) => (
              <label key={r.id} className="bo-check">
                <input type="checkbox" name="hidden_ids" value={r.product_id} defaultChecked />
                {r.product_name}
              </label>
            ))}
          </fieldset>
        ) : null}
        <div className="bo-actions">
          <button type="submit" name="intent" value="relations" className="bo-button bo-button--primary">
            儲存推薦商品
          </button>
          <a href={`/coop/${m.internet_celebrity_code}`} target="_blank" rel="noopener">
            查看推薦頁
          </a>
        </div>
      </Form>
    </section>
  );
}

/** 紅利點數: the balance, a manual adjustment and the latest moves. */
function MemberBonus({ member: m, errors }: { member: Member; errors: Errors }) {
  return (
    <section className="bo-card" aria-labelledby="member-bonus">
      <h2 id="member-bonus">紅利點數：{m.member_bonus.bonus} 點</h2>
      <Form method="post" className="bo-form" key={m.member_bonus.bonus}>
        <TextField
          label="調整點數"
          name="delta"
          type="number"
          required
          help="正數為增加、負數為扣除"
          error={errors.delta}
        />
        <TextField label="原因" name="reason" required maxLength={200} error={errors.reason} />
        <div className="bo-actions">
          <button type="submit" name="intent" value="bonus" className="bo-button bo-button--primary">
            調整紅利
          </button>
        </div>
      </Form>
      <h3>紅利紀錄</h3>
      {m.bonus_ledger.length ? (
        <ol className="bo-picker__chosen">
          {m.bonus_ledger.map((e) => (
            <li key={e.id}>
              <span className="bo-picker__name">
                <strong>{e.delta > 0 ? `+${e.delta}` : e.delta}</strong> {e.reason}
                <br />
                <small>
                  {shopDateTime(e.created_at)} · 餘額 {e.balance_after}
                  {e.staff_name ? ` · ${e.staff_name}` : ''}
                </small>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="bo-field__help">沒有紀錄</p>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
