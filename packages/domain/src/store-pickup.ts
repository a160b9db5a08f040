// Convenience-store pickup through ECPay's logistics (issue 17 item 1, docs/decisions/053): which
// chains the shop's contract offers, the pay-on-pickup limit, the store the map chose as the
// storefront reads it back, and their zh-TW texts. Pure: shared by the API and the checkout.
import { z } from 'zod';
import { DeliveryMethod, PaymentMethod } from './enums.ts';
import { formatNtd } from './money.ts';
import { StoreChain } from './order-schemas.ts';

/** ECPay's two store-pickup contracts: C2C 店到店 (the shop drops parcels at a store) or B2C 大宗寄倉. */
export const CVS_TYPES = ['C2C', 'B2C'] as const;
export type CvsType = (typeof CVS_TYPES)[number];

/** ECPay: C2C reaches 7-ELEVEN, 全家, 萊爾富 and OK; B2C has no OK (LogisticsSubType lists of /Express/map). */
export const STORE_CHAINS_BY_CVS_TYPE: Record<CvsType, readonly StoreChain[]> = {
  C2C: [StoreChain.SevenEleven, StoreChain.FamilyMart, StoreChain.HiLife, StoreChain.OkMart],
  B2C: [StoreChain.SevenEleven, StoreChain.FamilyMart, StoreChain.HiLife],
};

/** The chains as the checkout names them, in the order it lists them. */
export const STORE_CHAIN_NAMES: Record<StoreChain, string> = {
  UNIMART: '7-ELEVEN',
  FAMI: '全家',
  HILIFE: '萊爾富',
  OKMART: 'OK',
};

/**
 * ECPay collects at most NT$20,000 at a store: /Express/Create takes GoodsAmount and CollectionAmount
 * of 1..20000 for CVS sub-types (its SDK refuses more with "Invalid CollectionAmount").
 */
export const CVS_COLLECTION_MAX = 20_000;

export const storeMsg = {
  chooseOnMap: '請按「選擇門市」，在超商的門市地圖上選擇取貨門市',
  chooseAgain: '門市選擇已逾時或無法確認，請重新選擇取貨門市',
  chainUnavailable: '目前不提供這家超商取貨，請選擇其他超商',
  chainChoose: '請選擇取貨超商',
  codOverLimit: `超商取貨付款的金額上限為 ${formatNtd(CVS_COLLECTION_MAX)}，請改用其他付款方式或配送方式`,
  mapUnavailable: '門市地圖暫時無法開啟，請稍後再試',
  replyUnknownChain: '門市地圖回傳了本商店不提供的超商，請回到結帳頁重新選擇門市。',
  replyNoStore: '門市地圖沒有回傳選擇的門市，請回到結帳頁重新選擇門市。',
  replyForged: '門市地圖的回傳資料無法確認，請回到結帳頁重新選擇門市。',
  notYourStore: '此取貨門市不是由您的帳號在門市地圖上選擇的，請重新選擇取貨門市',
} as const;

/**
 * Why this payment cannot go with this delivery, or null. ECPay collects cash on pickup up to
 * {@link CVS_COLLECTION_MAX}; Black-cat and the shop's own deliveries collect as the shop arranges.
 */
export function cashOnDeliveryError(order: {
  paymentType: number;
  deliveryMethod: number;
  payAmount: number;
}): string | null {
  if (order.paymentType !== PaymentMethod.CashOnDelivery) return null;
  if (order.deliveryMethod === DeliveryMethod.ConvenienceStore && order.payAmount > CVS_COLLECTION_MAX) {
    return storeMsg.codOverLimit;
  }
  return null;
}

/** GET /logistics/store-chains: the shop's contract and the chains the checkout offers. */
export const storeChainsSchema = z.object({
  cvs_type: z.enum(CVS_TYPES),
  chains: z.array(z.enum(Object.values(StoreChain) as [StoreChain, ...StoreChain[]])),
});
export type StoreChains = z.infer<typeof storeChainsSchema>;

/** GET /logistics/store-map: post `fields` as a form to `action` (ECPay's map or the simulator's). */
export const storeMapFormSchema = z.object({ action: z.string(), fields: z.record(z.string(), z.string()) });
export type StoreMapForm = z.infer<typeof storeMapFormSchema>;

/** GET /logistics/store-map?chain=…&collect=…&device=… */
export const storeMapQuerySchema = z.object({
  chain: z.enum(Object.values(StoreChain) as [StoreChain, ...StoreChain[]], { error: storeMsg.chainChoose }),
  /** Y when the shopper pays on pickup (IsCollection). */
  collect: z.enum(['Y', 'N']).default('N'),
  /** 1 for a phone (ECPay's map has a mobile layout), 0 for a desktop. */
  device: z.enum(['0', '1']).default('0'),
});

/** The store the map chose, as signed by the shop in the map's reply (`/cart?store=<token>`). */
export interface ChosenStore {
  chain: StoreChain;
  id: string;
  name: string;
  address: string;
  /** CVSOutSide: the store is on an outlying island. */
  outside: boolean;
  /** When the shop stops accepting this choice (seconds since the epoch). */
  exp: number;
  /**
   * The map ticket (MerchantTradeNo) the reply came back with: the server takes the store only for
   * the member it was issued to (docs/decisions/077). Tokens signed before it have none.
   */
  ticket?: string;
}

const chosenStoreSchema = z.object({
  chain: z.enum(Object.values(StoreChain) as [StoreChain, ...StoreChain[]]),
  id: z.string().regex(/^[0-9A-Za-z]{1,10}$/),
  name: z.string().min(1).max(50),
  address: z.string().max(200),
  outside: z.boolean(),
  exp: z.number().int().positive(),
  ticket: z
    .string()
    .regex(/^SM[0-9A-Z]{9,18}$/)
    .optional(),
});

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

export function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The store a token names, WITHOUT checking its signature: what the checkout shows. The server
 * checks the signature and the time when the order is placed. null when it is not a store token.
 */
export function readStoreToken(token: string): ChosenStore | null {
  const [payload, mac, ...rest] = token.split('.');
  if (!payload || !mac || rest.length > 0 || token.length > 2000) return null;
  const json = fromBase64Url(payload);
  if (json === null) return null;
  try {
    const parsed = chosenStoreSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
