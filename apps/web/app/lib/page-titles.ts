// spec §2: the breadcrumb and page titles of the public screens (Traditional Chinese).
export const PAGE_TITLE = {
  about: '關於我們',
  news: '最新消息',
  sharingZone: '分享專區',
  contact: '聯絡我們',
  /** Links to /products in every breadcrumb. */
  products: '產品資訊',
  search: '商品搜尋',
  influencer: '網紅推薦',
  bundles: '優惠活動',
  terms: '購物指南',
  /** Not a spec §2 breadcrumb title: the course pages of docs/decisions/047. */
  courses: '課程',
} as const;
