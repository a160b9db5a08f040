// API JSON shapes of spec §3, snake_case as on the wire (architecture: API conventions).
// Prices are integers in NT$; times are ISO 8601 strings; text-encoded lists arrive as arrays.
import type { DiscountRule } from './discount.ts';
import type { IndexAreaStyle } from './encoded-list.ts';
import {
  Gender,
  type BadgeKind,
  type CancelStatus,
  type IndexAreaType,
  type OrderStatus,
  type PaymentMethod,
  type ReturnStatus,
  type SiteSection,
  type Status,
} from './enums.ts';

/** An ISO 8601 timestamp string. */
export type IsoDateTime = string;

/** Site settings, the single record with id 1. */
export interface SystemSettings {
  website_title: string;
  description: string;
  keywords: string;
  index_favicon: string;
  /** Logo image. */
  index_pic2: string;
  service_phone: string;
  service_email: string;
  service_address: string;
  service_tax_id: string;
  /** Map embed html (admin-entered; sanitise before rendering). */
  service_gmap: string;
  /** Analytics tag id; empty = no page-view events. */
  g_tag: string;
  /** NT$ home-delivery fee (docs/decisions/009). */
  shipping_fee?: number;
  /** NT$ low-temperature delivery fee. */
  low_temp_shipping_fee?: number;
  /** Net goods amount from which shipping is free; null = never. */
  free_shipping_threshold?: number | null;
  /** Days after shipping a return may be requested (spec §4). */
  return_days?: number;
}

/** Social links (record id 1). */
export interface FollowUs {
  line: string;
  whatsapp: string;
  telegram: string;
  facebook: string;
  instagram: string;
}

/** Closable ad images of the fixed button group. */
export interface SpecialArea {
  id: number;
  status: Status;
  index_id: number;
  url: string;
  pic: string;
  name: string;
}

export interface Carousel {
  id: number;
  /** The site section whose banner shows it. */
  position: SiteSection;
  pic: string;
  link: string;
  title: string;
  subtitle: string;
  status: Status;
  index_id: number;
}

/** A configurable home area; `style` and `ids` are parsed from their stored JSON text. */
export interface IndexArea {
  id: number;
  types: IndexAreaType;
  style: IndexAreaStyle;
  ids: number[];
  /** Truthy = shown (spec §4). */
  status: number | boolean;
  index_id: number;
}

export interface ProductSpec {
  id: number;
  name: string;
  price: number;
  on_sale_price: number;
}

export interface Product {
  id: number;
  name: string;
  description1: string;
  description2: string;
  banner: string;
  price: number;
  on_sale_price: number;
  tag_type: BadgeKind;
  status: Status;
  index_id: number;
  product_type_ids: number[];
  product_specs: ProductSpec[];
  activity_start_time: IsoDateTime | null;
  activity_end_time: IsoDateTime | null;
  description_titles: string[];
  /** Never empty when the product has a banner (spec §3 fallback). */
  pics: string[];
  /** Only sold through influencer pages; left out of the "without internet price" list. */
  internet_celebrity: boolean;
}

export interface ProductType {
  id: number;
  name: string;
  /** 1 = top level. */
  level: number;
  parent_id: number | null;
  status: Status;
  index_id: number;
  /** Derived: the active sub-types, by index_id. */
  childs: ProductType[];
}

export interface PackageType {
  id: number;
  name: string;
  status: Status;
  index_id: number;
}

export interface ProductPackage {
  id: number;
  name: string;
  description1: string;
  description2: string;
  banner: string;
  price: number;
  on_sale_price: number;
  product_package_types_name: string;
  status: Status;
  created_at: IsoDateTime;
  description_titles: string[];
  pics: string[];
}

export interface ProductBundle {
  id: number;
  title: string;
  banner: string;
  status: Status;
  discount: DiscountRule | null;
  product_ids?: number[];
}

export interface CourseType {
  id: number;
  name: string;
  status: Status;
  index_id: number;
  parent_id?: number | null;
}

export interface Course {
  id: number;
  name: string;
  status: Status;
  index_id: number;
  created_at: IsoDateTime;
  course_type_id?: number | null;
}

export interface News {
  id: number;
  title: string;
  content?: string;
  /** Truthy = shown (spec §4). */
  status: number | boolean;
  post_at: IsoDateTime;
  pic: string[];
  file: string[];
  /** The first pic, else DEFAULT_NEWS_IMAGE. */
  banner: string;
}

export interface Article {
  id: number;
  title: string;
  pic: string;
  /** Truthy = shown (spec §4). */
  status: number | boolean;
  index_id: number;
  category_id?: number | null;
  content?: string;
}

/** A sharing-zone category (分享專區). */
export interface ArticleCategory {
  id: number;
  name: string;
  status?: number | boolean;
  index_id?: number;
}

/** A hot-search tag: its products are `ids`. */
export interface Tag {
  id: number;
  name: string;
  ids: number[];
  /** Truthy = shown (spec §4). */
  status: number | boolean;
  index_id: number;
}

export interface MemberLevel {
  name: string;
  pic: string;
}

export interface MemberBonus {
  bonus: number;
  tmp_bonus: number;
  coupon: number;
  tmp_coupon: number;
  charlotte_coin: number;
  point: number;
}

/** A member as the API shows it to that member (never the password hash). */
export interface Member {
  id: number;
  account: string;
  name: string;
  cell_phone: string;
  gender: Gender;
  city: string;
  area: string;
  address: string;
  is_internet_celebrity: boolean;
  member_level: MemberLevel | null;
  member_bonus: MemberBonus;
}

/** spec §3: the member shown while nobody is logged in. */
export const GUEST_MEMBER: Readonly<Member> = Object.freeze({
  id: 0,
  account: '',
  name: '',
  cell_phone: '',
  gender: Gender.MALE,
  city: '',
  area: '',
  address: '',
  is_internet_celebrity: false,
  member_level: null,
  member_bonus: Object.freeze({ bonus: 0, tmp_bonus: 0, coupon: 0, tmp_coupon: 0, charlotte_coin: 0, point: 0 }),
});

export interface AuthToken {
  access_token: string;
  refresh_token: string;
}

/** What POST /members/auth returns. */
export interface AuthData {
  id: number;
  token: AuthToken;
}

export interface FileServerInfo {
  localhost: string;
  host: string;
  pic_path: string;
}

export interface PaymentSetting {
  bank_account_name: string;
  bank_code: string;
  bank_name: string;
  bank_account: string;
}

export interface ContactMessage {
  name: string;
  phone: string;
  email: string;
  content: string;
}

export interface MemberProductRelation {
  id: number;
  status: Status;
  product: Product;
}

export interface CartItem {
  id: number;
  members_id: number;
  products_id: number;
  spec_id: number | null;
  qty: number;
  /** Guest lines carry the product. */
  product?: Product;
}

export interface PackageCartItem {
  id: number;
  members_id: number;
  product_packages_id: number;
  qty: number;
  /** Guest lines carry the package. */
  product_package?: ProductPackage;
}

/** A line of an order's product_info / package_info / bundle_info. */
export interface OrderLine {
  name: string;
  qty: number;
  on_sale_price: number;
  product_snapshot?: { name: string; product_specs_name?: string; on_sale_price: number };
}

export interface Order {
  id: number;
  order_number: string;
  created_at: IsoDateTime;
  members_id: number;
  payment_type: PaymentMethod;
  is_payment: boolean;
  is_shipping: boolean;
  ship_date: IsoDateTime | null;
  freight_company: string | null;
  tracking_number: string | null;
  status: OrderStatus;
  goods_amount: number;
  shipping: number;
  use_bonus: number;
  pay_amount: number;
  recv_name: string;
  recv_cellphone: string;
  recv_address: string;
  remark: string;
  receipt: string;
  /** JSON text of OrderLine[] (spec §3); read with parseJsonSafe. */
  product_info: string;
  package_info: string;
  bundle_info: string;
  virtual_account: string | null;
  virtual_account_bank_code: string | null;
  virtual_account_expire_date: IsoDateTime | null;
  last_number_of_transfer: string | null;
  is_return: boolean;
  return_record: { status: ReturnStatus } | null;
  cancel_record: { status: CancelStatus } | null;
}

/** Success envelope: `{"code":200,"data":...}`. */
export interface ApiSuccess<T> {
  code: number;
  data: T;
}

export interface ApiFieldError {
  field: string;
  msg: string;
}

/** Error envelope: the HTTP status, a zh-TW `msg`, and per-field `errors` for validation failures. */
export interface ApiError {
  code: number;
  msg: string;
  errors?: ApiFieldError[];
}
