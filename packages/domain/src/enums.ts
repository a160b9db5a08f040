// Enumerations of spec §3, as `as const` objects so both the numeric value and the name are typed.

export const Status = { InActive: 0, Active: 1 } as const;
export type Status = (typeof Status)[keyof typeof Status];

export const UseState = { UnUse: 0, Used: 1, Expired: 2 } as const;
export type UseState = (typeof UseState)[keyof typeof UseState];

export const InvoiceType = { Duplicate: 1, Triplicate: 2, Donate: 3 } as const;
export type InvoiceType = (typeof InvoiceType)[keyof typeof InvoiceType];

/** Payment / transaction status; an order's `status`. */
export const OrderStatus = { Failed: 0, Complete: 1, Processing: 2, Cancel: 3, Deleted: 4 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export const DeliveryMethod = { GeneralHome: 1, LowTemperature: 2, ConvenienceStore: 3, BlackCatPickup: 4 } as const;
export type DeliveryMethod = (typeof DeliveryMethod)[keyof typeof DeliveryMethod];

export const ReturnStatus = {
  None: 0,
  Returning: 1,
  Refunding: 2,
  Returned: 3,
  PartialReturned: 4,
  Refunded: 5,
  Archive: 6,
  Deleted: 7,
  Cancel: 8,
} as const;
export type ReturnStatus = (typeof ReturnStatus)[keyof typeof ReturnStatus];

export const CancelStatus = { None: 0, Canceling: 1, Canceled: 2, Approve: 3, Archive: 4, Deleted: 5 } as const;
export type CancelStatus = (typeof CancelStatus)[keyof typeof CancelStatus];

export const PaymentMethod = {
  Transfer: 1,
  Credit: 2,
  VirtualAccount: 3,
  CreditFocas: 4,
  LinePay: 5,
  CashOnDelivery: 6,
  /** 超商代碼: ECPay ChoosePayment=CVS, a code paid at a convenience store's kiosk (issue 40). */
  CvsCode: 7,
  /** 超商條碼: ECPay ChoosePayment=BARCODE, three Code 39 barcodes a store's counter scans (issue 40). */
  CvsBarcode: 8,
  /** Apple Pay through ECPay (ChoosePayment=ApplePay): offered only where the browser has Apple Pay (issue 40). */
  ApplePay: 9,
  /** 台灣Pay through ECPay (ChoosePayment=TWQR): a banking app scans ECPay's QR code (issue 40). */
  Twqr: 10,
} as const;
export type PaymentMethod = (typeof PaymentMethod)[keyof typeof PaymentMethod];

export const PromotionType = { PercentDiscount: 1, AmountDiscount: 2, CombinedPrice: 3 } as const;
export type PromotionType = (typeof PromotionType)[keyof typeof PromotionType];

/** Celebrity discount kind (spec §5). */
export const DiscountKind = { Discount: 1, PercentOn: 2 } as const;
export type DiscountKind = (typeof DiscountKind)[keyof typeof DiscountKind];

/** Where bonus points came from. */
/** Why a balance moved: the back office, an order spending or giving back points, what an order earned, a downline's order. */
export const BonusSource = { Admin: 1, Exchange: 2, OrderReward: 3, Downline: 4 } as const;
export type BonusSource = (typeof BonusSource)[keyof typeof BonusSource];

export const BonusReason = { General: 0, SignUp: 1 } as const;
export type BonusReason = (typeof BonusReason)[keyof typeof BonusReason];

export const Gender = { MALE: 1, FEMALE: 2 } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];

/** Product badge by `tag_type`. */
export const BadgeKind = { None: 0, Hot: 1, New: 2, Select: 3 } as const;
export type BadgeKind = (typeof BadgeKind)[keyof typeof BadgeKind];

/** Terms text positions; spec §3 leaves the numbers out (docs/decisions/002). */
export const BrandPosition = { Member: 1, Shopping: 2, Terms: 3, Privacy: 4 } as const;
export type BrandPosition = (typeof BrandPosition)[keyof typeof BrandPosition];

/** Page-section kinds 1–7 (spec §2). */
export const PageSection = {
  AboutUs: 1,
  Business: 2,
  AboutUsIndex: 3,
  Member: 4,
  Shopping: 5,
  Terms: 6,
  Privacy: 7,
} as const;
export type PageSection = (typeof PageSection)[keyof typeof PageSection];

/** Site sections; a carousel's `position` says on which section's banner it shows. */
export const SiteSection = {
  Index: 1,
  AboutUs: 2,
  News: 3,
  Products: 4,
  Recommend: 5,
  ContactUs: 6,
  Service: 7,
} as const;
export type SiteSection = (typeof SiteSection)[keyof typeof SiteSection];

/** Home area kinds (spec §3 IndexArea.types). */
export const IndexAreaType = { Carousel: 'Carousel', Banner: 'Banner', Article: 'Article' } as const;
export type IndexAreaType = (typeof IndexAreaType)[keyof typeof IndexAreaType];

/** Fixed ids of the two home banner areas (spec §2 Home). */
export const IndexAreaId = { HotProducts: 2, ReviewArticles: 3 } as const;
