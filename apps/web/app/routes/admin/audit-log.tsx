import { Form } from 'react-router';
import type { Route } from './+types/audit-log';
import { shopDateTime, type AuditEntry } from '@shop/domain';
import { adminGet, staffApi } from '../../features/admin/admin-api.server.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import { PageHeader, Pager, pageOf } from '../../features/admin/components/page-parts.tsx';
import { useQuery } from '../../features/admin/use-query.ts';

const PAGE_SIZE = 30;

/** What the shop owner reads instead of table names. */
const ENTITY_LABEL: Record<string, string> = {
  products: '商品',
  product_types: '商品分類',
  package_types: '組合分類',
  product_packages: '組合商品',
  product_bundles: '優惠活動',
  courses: '課程',
  course_types: '課程分類',
  tags: '熱搜標籤',
  news: '最新消息',
  articles: '分享文章',
  article_categories: '文章分類',
  carousels: '輪播圖',
  index_areas: '首頁區塊',
  special_areas: '浮動廣告',
  terms_texts: '條款與須知',
  common_questions: '常見問題',
  about_pages: '關於我們',
  system_settings: '商店設定',
  follow_us: '社群連結',
  payment_settings: '匯款帳戶',
  orders: '訂單',
  members: '會員',
  member_product_relations: '網紅推薦商品',
  contact_messages: '聯絡留言',
  staff: '員工帳號',
  staff_sessions: '員工登入',
  jobs: '背景工作',
};

const ACTION_LABEL: Record<string, string> = {
  create: '新增',
  update: '修改',
  delete: '刪除',
  status: '上下架',
  login: '登入',
  'login-failures': '多次登入失敗',
  logout: '登出',
  read: '標為已讀',
  unread: '標為未讀',
  'adjust-bonus': '調整紅利',
  'confirm-payment': '確認付款',
  ship: '出貨',
  'approve-cancel': '核准取消',
  'reject-cancel': '不核准取消',
  'approve-return': '核准退貨',
  'reject-return': '不核准退貨',
  'refund-return': '完成退款',
  export: '匯出個資',
  'set-virtual-account': '設定 ATM 虛擬帳號',
  'settle-refund': '已退還溢收款項',
  'retry-job': '重新執行背景工作',
};

export const meta: Route.MetaFunction = () => adminMeta('操作紀錄');

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const page = pageOf(url.searchParams);
  const query = new URLSearchParams({ page: String(page), size: String(PAGE_SIZE) });
  for (const key of ['entity', 'entity_id']) {
    const value = url.searchParams.get(key)?.trim();
    if (value) query.set(key, value);
  }
  const { data, total } = await adminGet<AuditEntry[]>(
    staffApi({ request, url, context }),
    `/admin/audit-log?${query}`,
  );
  return { rows: data, total, page };
}

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

export default function AdminAuditLog({ loaderData }: Route.ComponentProps) {
  const { rows, total, page } = loaderData;
  const params = useQuery();
  return (
    <>
      <PageHeader title="操作紀錄" description="誰在什麼時候改了什麼（修改前後的資料）" />
      <Form method="get" className="bo-toolbar" role="search" aria-label="篩選紀錄">
        <div className="bo-field">
          <label htmlFor="a-entity">資料類型</label>
          <select id="a-entity" name="entity" className="bo-select" defaultValue={params.get('entity') ?? ''}>
            <option value="">全部</option>
            {Object.entries(ENTITY_LABEL).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="bo-field">
          <label htmlFor="a-id">資料編號</label>
          <input id="a-id" name="entity_id" className="bo-input" defaultValue={params.get('entity_id') ?? ''} />
        </div>
        <button type="submit" className="bo-button bo-button--primary">
          篩選
        </button>
      </Form>
      <div className="bo-table-wrap bo-audit">
        <table className="bo-table">
          <thead>
            <tr>
              <th scope="col">時間</th>
              <th scope="col">人員</th>
              <th scope="col">動作</th>
              <th scope="col">資料</th>
              <th scope="col">內容</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td className="bo-nowrap">{shopDateTime(r.created_at)}</td>
                <td>{r.staff_name || r.staff_account || '系統'}</td>
                <td>{ACTION_LABEL[r.action] ?? r.action}</td>
                <td className="bo-nowrap">
                  {ENTITY_LABEL[r.entity] ?? r.entity} #{r.entity_id}
                </td>
                <td style={{ minWidth: 280 }}>
                  <details>
                    <summary>修改前後</summary>
                    <div className="bo-grid-2">
                      <div>
                        <strong>修改前</strong>
                        <pre>{json(r.before)}</pre>
                      </div>
                      <div>
                        <strong>修改後</strong>
                        <pre>{json(r.after)}</pre>
                      </div>
                    </div>
                  </details>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 ? <p className="bo-empty">沒有紀錄</p> : null}
      </div>
      <Pager total={total} page={page} size={PAGE_SIZE} />
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
