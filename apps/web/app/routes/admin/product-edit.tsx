import { Form, redirect } from 'react-router';
import type { Route } from './+types/product-edit';
import { BadgeKind, labelOf, msg, type AdminProduct } from '@shop/domain';
import { adminGet, adminSend, staffApi, type ActionResult } from '../../features/admin/admin-api.server.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { allOf } from '../../features/admin/catalogue-options.server.ts';
import { typeTree } from '../../features/admin/type-tree.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import {
  CheckboxField,
  CheckboxList,
  SelectField,
  TextArea,
  TextField,
} from '../../features/admin/components/fields.tsx';
import { ActionNotice, DeleteButton, PageHeader, SubmitButton } from '../../features/admin/components/page-parts.tsx';
import { PictureField } from '../../features/admin/components/picture-field.tsx';
import { RichTextField } from '../../features/admin/components/rich-text-field.tsx';
import { SpecRows, type SpecRow } from '../../features/admin/components/spec-rows.tsx';
import { formBody } from '../../features/admin/form-body.ts';
import { localInputValue } from '../../features/admin/format.ts';
import { readForm } from '../../lib/form-post.server.ts';

/** What the form edits: a product as GET /admin/products/{id} answers it, or a blank one (no id yet). */
type Product = Pick<
  AdminProduct,
  | 'name'
  | 'description1'
  | 'description2'
  | 'pics'
  | 'description_titles'
  | 'tag_type'
  | 'status'
  | 'index_id'
  | 'product_type_ids'
  | 'activity_start_time'
  | 'activity_end_time'
  | 'internet_celebrity'
  | 'version'
> & { id: number | null; specs: SpecRow[] };

const EMPTY: Product = {
  id: null,
  name: '',
  description1: '',
  description2: '',
  pics: [],
  description_titles: ['商品介紹'],
  tag_type: BadgeKind.None,
  status: 1,
  index_id: 0,
  product_type_ids: [],
  activity_start_time: null,
  activity_end_time: null,
  internet_celebrity: false,
  specs: [{ id: null, name: '標準', price: '', on_sale_price: '', stock: '' }],
  version: 0,
};

/** How a form posts a product (packages/domain productCreateSchema reads these strings). */
const SHAPE = {
  lists: ['pics', 'product_type_ids'],
  lines: ['description_titles'],
  flags: ['status', 'internet_celebrity'],
} as const;

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data?.product.id ? `編輯商品 ${data.product.name}` : '新增商品');

export async function loader({ request, url, context, params }: Route.LoaderArgs) {
  const api = staffApi({ request, url, context });
  const isNew = params.id === 'new';
  if (!isNew && !/^\d+$/.test(params.id)) throw new Response(null, { status: 404 });
  const [product, types] = await Promise.all([
    isNew ? EMPTY : adminGet<Product>(api, `/admin/products/${params.id}`).then((r) => r.data),
    allOf(api, '/admin/product-types'),
  ]);
  return { product, types };
}

export async function action({ request, url, context, params }: Route.ActionArgs): Promise<ActionResult> {
  const api = staffApi({ request, url, context });
  const form = await readForm(request);
  if (form.get('intent') === 'delete') {
    const result = await adminSend(api, 'DELETE', `/admin/products/${params.id}?version=${form.get('version')}`);
    if (result.ok) throw redirect('/admin/products?notice=deleted');
    return result;
  }
  const body = formBody(form, SHAPE);
  if (params.id === 'new') {
    const { version: _version, ...fields } = body;
    const result = await adminSend<{ id: number }>(api, 'POST', '/admin/products', fields);
    if (result.ok && result.data) throw redirect(`/admin/products/${result.data.id}?notice=created`);
    return result;
  }
  const result = await adminSend(api, 'PUT', `/admin/products/${params.id}`, body);
  return result.ok ? { ok: true, message: '已儲存' } : result;
}

export default function AdminProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { product: p, types } = loaderData;
  const errors = actionData && !actionData.ok ? (actionData.errors ?? {}) : {};
  return (
    <>
      <PageHeader
        title={p.id ? `編輯商品：${p.name}` : '新增商品'}
        back={{ to: '/admin/products', label: '商品列表' }}
        actions={
          p.id ? (
            <>
              <a className="bo-button" href={`/products?sn=${p.id}`} target="_blank" rel="noopener">
                在前台查看
              </a>
              <DeleteButton version={p.version} label={p.name} small={false} />
            </>
          ) : null
        }
      />
      <ActionNotice result={actionData} />
      <Form method="post" className="bo-form" key={p.version} aria-label="商品資料">
        <input type="hidden" name="version" value={p.version} />
        <ProductBasics product={p} errors={errors} />

        <section className="bo-card">
          <CheckboxList
            label="商品分類"
            name="product_type_ids"
            options={typeTree(types)}
            checked={p.product_type_ids}
            help="可選多個分類；選子分類時，上層分類的列表也會顯示此商品"
            error={errors.product_type_ids}
            wide
          />
        </section>

        <section className="bo-card">
          <PictureField
            label="商品圖片"
            name="pics"
            defaultValue={p.pics}
            max={10}
            required
            help="第一張為主圖（商品卡片與分享預覽）；用 ◀ ▶ 調整順序"
            error={errors.pics ?? Object.entries(errors).find(([k]) => k.startsWith('pics.'))?.[1]}
          />
        </section>

        <section className="bo-card">
          <SpecRows specs={p.specs} errors={errors} />
        </section>

        <ProductSchedule product={p} errors={errors} />

        <ProductDescription product={p} errors={errors} />

        <div className="bo-form-footer">
          <SubmitButton>{p.id ? '儲存變更' : '新增商品'}</SubmitButton>
        </div>
      </Form>
    </>
  );
}

type Errors = Record<string, string>;

/** 基本資料: name, short text, badge, order and the two switches. */
function ProductBasics({ product: p, errors }: { product: Product; errors: Errors }) {
  return (
    <section className="bo-card">
      <h2 className="bo-card__title">基本資料</h2>
      <div className="bo-fields">
        <TextField
          label="商品名稱"
          name="name"
          defaultValue={p.name}
          required
          maxLength={100}
          error={errors.name}
          wide
        />
        <TextArea
          label="簡短介紹"
          name="description1"
          defaultValue={p.description1}
          rows={3}
          maxLength={1000}
          help="顯示在商品名稱下方，也是第一個介紹分頁的內容"
          error={errors.description1}
          wide
        />
        <SelectField
          label="標籤"
          name="tag_type"
          defaultValue={p.tag_type}
          options={[
            { value: BadgeKind.None, label: '無' },
            ...[BadgeKind.Hot, BadgeKind.New, BadgeKind.Select].map((b) => ({
              value: b,
              label: labelOf(msg.badgeLabel, b),
            })),
          ]}
          error={errors.tag_type}
        />
        <TextField
          label="排序值"
          name="index_id"
          type="number"
          defaultValue={p.index_id}
          help="數字小的排前面"
          error={errors.index_id}
        />
        <CheckboxField
          label="上架"
          name="status"
          text="在前台顯示並可購買"
          defaultChecked={p.status === 1}
          error={errors.status}
        />
        <CheckboxField
          label="網紅限定"
          name="internet_celebrity"
          text="只出現在網紅推薦頁，一般商品列表不顯示"
          defaultChecked={p.internet_celebrity}
          error={errors.internet_celebrity}
        />
      </div>
    </section>
  );
}

/** 銷售期間: when the product may be bought (Taipei time). */
function ProductSchedule({ product: p, errors }: { product: Product; errors: Errors }) {
  return (
    <section className="bo-card">
      <h2 className="bo-card__title">銷售期間</h2>
      <div className="bo-fields">
        <TextField
          label="開始時間"
          name="activity_start_time"
          type="datetime-local"
          defaultValue={localInputValue(p.activity_start_time)}
          help="留空表示立即開賣（台北時間）"
          error={errors.activity_start_time}
        />
        <TextField
          label="結束時間"
          name="activity_end_time"
          type="datetime-local"
          defaultValue={localInputValue(p.activity_end_time)}
          help="留空表示不限期"
          error={errors.activity_end_time}
        />
      </div>
    </section>
  );
}

/** 商品介紹: the tab titles and the long description. */
function ProductDescription({ product: p, errors }: { product: Product; errors: Errors }) {
  return (
    <section className="bo-card">
      <h2 className="bo-card__title">商品介紹</h2>
      <div className="bo-form">
        <TextArea
          label="介紹分頁標題"
          name="description_titles"
          defaultValue={p.description_titles.join('\n')}
          rows={3}
          help="第一行是「簡短介紹」分頁的標題，第二行是「詳細介紹」分頁的標題"
          error={
            errors.description_titles ?? Object.entries(errors).find(([k]) => k.startsWith('description_titles.'))?.[1]
          }
          wide
        />
        <RichTextField label="詳細介紹" name="description2" defaultValue={p.description2} error={errors.description2} />
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
