import { Link } from 'react-router';
import type { Route } from './+types/products';
import { labelOf, LOW_STOCK_LABEL, msg, type AdminProduct, shopDateTime } from '@shop/domain';
import { adminGet, listQuery, rowAction, staffApi, type ActionResult } from '../../features/admin/admin-api.server.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { allOf } from '../../features/admin/catalogue-options.server.ts';
import { typeTree, type TypeRow } from '../../features/admin/type-tree.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import { INDEX_SORTS, pageOf } from '../../features/admin/components/page-parts.tsx';
import { ListPageFrame, StatusAndActionCells } from '../../features/admin/records/list-page-frame.tsx';
import { money } from '../../features/admin/format.ts';
import { imageUrl } from '../../lib/image-url.ts';
import { useQuery } from '../../features/admin/use-query.ts';
import { readForm } from '../../lib/form-post.server.ts';

const PAGE_SIZE = 20;

export const meta: Route.MetaFunction = () => adminMeta('商品');

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = staffApi({ request, url, context });
  const [{ data, total }, types] = await Promise.all([
    adminGet<AdminProduct[]>(
      api,
      `/admin/products?${listQuery(url, ['type_id', 'tag_type', 'celebrity', 'stock'], PAGE_SIZE)}`,
    ),
    allOf(api, '/admin/product-types'),
  ]);
  return { products: data, total, page: pageOf(url.searchParams), types };
}

export async function action({ request, url, context }: Route.ActionArgs): Promise<ActionResult | null> {
  return rowAction(staffApi({ request, url, context }), await readForm(request), { read: '/admin/products' });
}

function ProductFilters({ types }: { types: readonly TypeRow[] }) {
  const params = useQuery();
  return (
    <>
      <div className="bo-field">
        <label htmlFor="f-type">分類</label>
        <select id="f-type" name="type_id" className="bo-select" defaultValue={params.get('type_id') ?? ''}>
          <option value="">全部分類</option>
          {typeTree(types).map((t) => (
            <option key={t.value} value={t.value}>
              {t.indent ? `\u3000└ ${t.label}` : t.label}
            </option>
          ))}
        </select>
      </div>
      <div className="bo-field">
        <label htmlFor="f-tag">標籤</label>
        <select id="f-tag" name="tag_type" className="bo-select" defaultValue={params.get('tag_type') ?? ''}>
          <option value="">全部</option>
          {[1, 2, 3].map((t) => (
            <option key={t} value={t}>
              {labelOf(msg.badgeLabel, t)}
            </option>
          ))}
        </select>
      </div>
      <div className="bo-field">
        <label htmlFor="f-stock">庫存</label>
        <select id="f-stock" name="stock" className="bo-select" defaultValue={params.get('stock') ?? ''}>
          <option value="">全部</option>
          <option value="low">{LOW_STOCK_LABEL}</option>
        </select>
      </div>
    </>
  );
}

/** The product cell: its name linking to the form, its specs, badge and sale period. */
function ProductSummary({ p }: { p: AdminProduct }) {
  return (
    <td>
      <Link to={`/admin/products/${p.id}`}>{p.name}</Link>
      <br />
      <small>
        #{p.id} · {p.specs.length} 個規格
        {p.tag_type ? ` · ${labelOf(msg.badgeLabel, p.tag_type)}` : ''}
        {p.internet_celebrity ? ' · 網紅限定' : ''}
      </small>
      {p.activity_start_time || p.activity_end_time ? (
        <>
          <br />
          <small>
            期間 {shopDateTime(p.activity_start_time) || '不限'} ～ {shopDateTime(p.activity_end_time) || '不限'}
          </small>
        </>
      ) : null}
    </td>
  );
}

function ProductRow({ p, typeName }: { p: AdminProduct; typeName: Map<number, string> }) {
  return (
    <tr>
      <td>{p.banner ? <img className="bo-thumb" src={imageUrl(p.banner)} alt="" loading="lazy" /> : null}</td>
      <ProductSummary p={p} />
      <td>{p.product_type_ids.map((id) => typeName.get(id) ?? `#${id}`).join('、')}</td>
      <td className="bo-num">
        {money(p.on_sale_price)}
        {p.price !== p.on_sale_price ? (
          <>
            <br />
            <small>
              <s>{money(p.price)}</s>
            </small>
          </>
        ) : null}
      </td>
      <td className="bo-num">
        {p.stock === null ? '不限' : p.stock}
        {p.specs.some((spec) => spec.low_stock) ? (
          <>
            <br />
            <span className="bo-badge bo-badge--warn">{LOW_STOCK_LABEL}</span>
          </>
        ) : null}
      </td>
      <td className="bo-num">{p.index_id}</td>
      <StatusAndActionCells
        editTo={`/admin/products/${p.id}`}
        id={p.id}
        status={p.status}
        version={p.version}
        label={p.name}
      />
    </tr>
  );
}

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { products, total, page, types } = loaderData;
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  return (
    <ListPageFrame
      title="商品"
      description="規格、價格、庫存、圖片與上下架"
      newTo="/admin/products/new"
      newLabel="＋ 新增商品"
      result={actionData}
      toolbar={{ placeholder: '商品名稱或編號', sortOptions: INDEX_SORTS, filters: <ProductFilters types={types} /> }}
      headCells={
        <>
          <th scope="col">
            <span className="bo-visually-hidden">圖片</span>
          </th>
          <th scope="col">商品</th>
          <th scope="col">分類</th>
          {['售價', '庫存', '排序'].map((label) => (
            <th key={label} scope="col" className="bo-num">
              {label}
            </th>
          ))}
        </>
      }
      rowCount={products.length}
      emptyText="沒有符合條件的商品"
      pages={{ total, page, size: PAGE_SIZE }}
    >
      {products.map((p) => (
        <ProductRow key={p.id} p={p} typeName={typeName} />
      ))}
    </ListPageFrame>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
