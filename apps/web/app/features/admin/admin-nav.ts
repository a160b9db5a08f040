// The back office's side navigation: what a shop owner looks for, grouped by task. Items marked
// `owner` are hidden from staff (the API refuses them anyway, docs/decisions/010).

export interface NavItem {
  to: string;
  label: string;
  owner?: boolean;
  /** Exact match only (the dashboard at /admin). */
  end?: boolean;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

export const ADMIN_NAV: NavGroup[] = [
  {
    label: '營運',
    items: [
      { to: '/admin', label: '總覽', end: true },
      { to: '/admin/reports', label: '銷售報表' },
      { to: '/admin/orders', label: '訂單管理' },
      { to: '/admin/invoices', label: '電子發票' },
      { to: '/admin/members', label: '會員管理' },
      { to: '/admin/messages', label: '聯絡留言' },
      { to: '/admin/reviews', label: '商品評價' },
      { to: '/admin/jobs', label: '背景工作' },
    ],
  },
  {
    label: '商品',
    items: [
      { to: '/admin/products', label: '商品' },
      { to: '/admin/product-types', label: '商品分類' },
      { to: '/admin/product-packages', label: '組合商品' },
      { to: '/admin/package-types', label: '組合分類' },
      { to: '/admin/product-bundles', label: '優惠活動' },
      { to: '/admin/coupons', label: '優惠券', owner: true },
      { to: '/admin/courses', label: '課程' },
      { to: '/admin/course-types', label: '課程分類' },
      { to: '/admin/tags', label: '熱搜標籤' },
    ],
  },
  {
    label: '內容',
    items: [
      { to: '/admin/carousels', label: '輪播圖' },
      { to: '/admin/index-areas', label: '首頁區塊' },
      { to: '/admin/special-areas', label: '浮動廣告' },
      { to: '/admin/news', label: '最新消息' },
      { to: '/admin/articles', label: '分享文章' },
      { to: '/admin/article-categories', label: '文章分類' },
      { to: '/admin/about-pages', label: '關於我們' },
      { to: '/admin/terms-texts', label: '條款與須知' },
      { to: '/admin/common-questions', label: '常見問題' },
    ],
  },
  {
    label: '設定',
    items: [
      { to: '/admin/settings', label: '商店設定', owner: true },
      { to: '/admin/staff', label: '員工帳號', owner: true },
      { to: '/admin/audit-log', label: '操作紀錄', owner: true },
    ],
  },
];

/** The groups a role sees (empty groups dropped). */
export function navFor(role: 'owner' | 'staff'): NavGroup[] {
  return ADMIN_NAV.map((g) => ({ ...g, items: g.items.filter((i) => role === 'owner' || !i.owner) })).filter(
    (g) => g.items.length > 0,
  );
}
