// The store map of the checkout (issue 17 item 1, docs/decisions/053 and 077). ECPay's map reply is
// not signed, so the shop signs both ends itself: the map request carries a ticket (MerchantTradeNo
// and an HMAC of it in ExtraData), recorded for the member who opened the map, that the reply must
// bring back; the reply becomes a store token (HMAC over the store and the ticket) that POST /orders
// checks, with the ticket, before it stores the store for that member's order.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  readStoreToken,
  STORE_CHAINS_BY_CVS_TYPE,
  storeMsg,
  toBase64Url,
  type ChosenStore,
  type CvsType,
  type PickupStore,
  type StoreChain,
  type StoreChains,
  type StoreMapForm,
} from '@shop/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { Invalid } from '../../errors.ts';
import {
  ECPAY_LOGISTICS_URL,
  logisticsSubType,
  parseMapReply,
  STORE_MAP_PATH,
  storeMapFields,
  type EcpayLogisticsMode,
} from './ecpay-logistics.ts';
import type { EcpayFields } from '../payments/index.ts';
import { findSimulatorStore } from './simulator-stores.ts';
import * as tickets from './store-map-tickets.repository.ts';

/** The shop's own map page in simulator mode (outside /api, like ECPay's). */
export const STORE_MAP_SIMULATOR_PATH = '/logistics-simulator/map';
/** ServerReplyURL of the map. */
export const MAP_REPLY_PATH = '/api/v1/logistics/map-reply';
/** Where the shopper goes back to with the chosen store. */
export const CHECKOUT_PATH = '/cart';

/** A shopper may look around the map this long before the reply is refused. */
const TICKET_LIFETIME_S = 2 * 3600;
/** A chosen store is accepted by POST /orders this long (the checkout may sit open meanwhile). */
const STORE_LIFETIME_S = 24 * 3600;
/** A member's tickets are kept this long, past any store token made from them. */
const TICKET_KEPT_MS = 2 * 24 * 3600_000;

export interface LogisticsSettings {
  mode: EcpayLogisticsMode;
  cvsType: CvsType;
  merchantId: string;
  hashKey: string;
  hashIv: string;
  /** The logistics host: ECPAY_LOGISTICS_API_URL, else the mode's ECPay host (the simulator: the shop). */
  apiUrl: string;
  publicUrl: string;
  /** Key of the shop's own signatures (tickets, store tokens), derived from JWT_SECRET. */
  signingKey: Buffer;
}

export function logisticsSettings(config: Config): LogisticsSettings {
  const mode = config.ECPAY_LOGISTICS_MODE;
  return {
    mode,
    cvsType: config.ECPAY_LOGISTICS_CVS_TYPE,
    ...config.ecpayLogistics,
    apiUrl: config.ECPAY_LOGISTICS_API_URL ?? (mode === 'simulator' ? config.publicUrl : ECPAY_LOGISTICS_URL[mode]),
    publicUrl: config.publicUrl,
    signingKey: createHmac('sha256', config.JWT_SECRET).update('ecpay-store-map').digest(),
  };
}

/** Where the checkout posts the map form: ECPay's /Express/map, or the simulator's page of the shop. */
export function storeMapUrl(settings: Pick<LogisticsSettings, 'mode' | 'apiUrl' | 'publicUrl'>): string {
  return settings.mode === 'simulator'
    ? settings.publicUrl + STORE_MAP_SIMULATOR_PATH
    : settings.apiUrl + STORE_MAP_PATH;
}

export function storeChains(settings: Pick<LogisticsSettings, 'cvsType'>): StoreChains {
  return { cvs_type: settings.cvsType, chains: [...STORE_CHAINS_BY_CVS_TYPE[settings.cvsType]] };
}

const mac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** MerchantTradeNo of a map request: `SM`, the time in base 36, 8 random letters (≤ 20 characters). */
function newTicketNumber(now: Date): string {
  const random = Array.from({ length: 8 }, () => ALNUM[randomInt(ALNUM.length)]).join('');
  return `SM${Math.floor(now.getTime() / 1000)
    .toString(36)
    .toUpperCase()}${random}`;
}

/** ExtraData of a map request: 20 hex digits of an HMAC over its number and sub-type. */
function ticketMac(key: Buffer, tradeNo: string, subType: string): string {
  return mac(key, `ticket|${tradeNo}|${subType}`).toString('hex').slice(0, 20);
}

/** GET /logistics/store-map: the form that opens the chain's map, its ticket recorded for the member. */
export async function storeMapForm(
  db: Db,
  settings: LogisticsSettings,
  memberId: number,
  request: { chain: StoreChain; collect: boolean; phone: boolean },
  now: Date,
): Promise<StoreMapForm> {
  const subType = logisticsSubType(settings.cvsType, request.chain);
  if (!subType) throw new Invalid(storeMsg.chainUnavailable, [{ field: 'chain', msg: storeMsg.chainUnavailable }]);
  const tradeNo = newTicketNumber(now);
  await tickets.insertTicket(db, {
    tradeNo,
    memberId,
    subType,
    at: now,
    forgetBefore: new Date(now.getTime() - TICKET_KEPT_MS),
  });
  return {
    action: storeMapUrl(settings),
    fields: storeMapFields({
      merchantId: settings.merchantId,
      merchantTradeNo: tradeNo,
      subType,
      isCollection: request.collect,
      serverReplyUrl: settings.publicUrl + MAP_REPLY_PATH,
      extraData: ticketMac(settings.signingKey, tradeNo, subType),
      device: request.phone ? 1 : 0,
    }),
  };
}

/** Whether the ticket of a reply is one this shop issued, for this sub-type, not long ago. */
function ticketHolds(settings: LogisticsSettings, tradeNo: string, extraData: string, subType: string, now: Date) {
  const m = /^SM([0-9A-Z]{1,9})[0-9A-Z]{8}$/.exec(tradeNo);
  if (!m || !/^[0-9a-f]{20}$/.test(extraData)) return false;
  const issued = parseInt(m[1]!, 36);
  const age = now.getTime() / 1000 - issued;
  if (!(age >= -60 && age <= TICKET_LIFETIME_S)) return false;
  return sameBytes(Buffer.from(ticketMac(settings.signingKey, tradeNo, subType)), Buffer.from(extraData));
}

/** The signed store: `base64url(JSON).base64url(HMAC)`; the checkout reads the first half. */
export function signStoreToken(
  settings: Pick<LogisticsSettings, 'signingKey'>,
  store: Omit<ChosenStore, 'exp'>,
  now: Date,
) {
  const payload: ChosenStore = { ...store, exp: Math.floor(now.getTime() / 1000) + STORE_LIFETIME_S };
  const encoded = toBase64Url(JSON.stringify(payload));
  return `${encoded}.${mac(settings.signingKey, `store|${encoded}`).toString('base64url')}`;
}

/** The store a token names when its signature holds and it has not expired. */
export function verifyStoreToken(
  settings: Pick<LogisticsSettings, 'signingKey'>,
  token: string,
  now: Date,
): ChosenStore | null {
  const store = readStoreToken(token);
  if (!store) return null;
  const [encoded, signature] = token.split('.') as [string, string];
  const expected = mac(settings.signingKey, `store|${encoded}`);
  if (!sameBytes(expected, Buffer.from(signature, 'base64url'))) return null;
  return store.exp * 1000 > now.getTime() ? store : null;
}

export type MapReplyOutcome = { ok: true; token: string } | { ok: false; message: string };

/**
 * POST /logistics/map-reply: the map's choice → a store token, or why it is refused. The ticket must
 * be one this shop signed and recorded for a member, not long ago; the store is recorded on it. The
 * simulator's stores are known, so in simulator mode the store must be one of them too.
 */
export async function acceptMapReply(
  db: Db,
  settings: LogisticsSettings,
  fields: EcpayFields,
  now: Date,
): Promise<MapReplyOutcome> {
  const parsed = parseMapReply(fields, settings);
  if (!parsed.ok) {
    if (parsed.problem === 'chain') return { ok: false, message: storeMsg.replyUnknownChain };
    if (parsed.problem === 'store') return { ok: false, message: storeMsg.replyNoStore };
    return { ok: false, message: storeMsg.replyForged };
  }
  const { store } = parsed;
  if (!ticketHolds(settings, store.merchantTradeNo, store.extraData, store.subType, now)) {
    return { ok: false, message: storeMsg.replyForged };
  }
  if (settings.mode === 'simulator') {
    const known = findSimulatorStore(store.chain, store.id);
    if (!known || known.name !== store.name) return { ok: false, message: storeMsg.replyForged };
  }
  // Signed but never recorded: a ticket of another shop with the same secret, or of a wiped database.
  const ticket = await tickets.findTicket(db, store.merchantTradeNo);
  if (!ticket || ticket.subType !== store.subType) return { ok: false, message: storeMsg.replyForged };
  const chosen = { chain: store.chain, id: store.id, name: store.name, address: store.address, outside: store.outside };
  await tickets.recordReply(db, ticket.tradeNo, chosen, now);
  return { ok: true, token: signStoreToken(settings, { ...chosen, ticket: ticket.tradeNo }, now) };
}

/** Where the browser goes with the chosen store. */
export const checkoutWithStore = (token: string) => `${CHECKOUT_PATH}?store=${encodeURIComponent(token)}`;

/**
 * POST /orders: the pickup store as the map chose it, or a 400 on the store field. Only a store
 * signed by this shop (the map's reply), not expired, of a chain the contract reaches, chosen on a
 * ticket of the ordering member, is taken; what the browser sent besides the token is replaced by
 * what the ticket recorded. Nothing is written: a refusal leaves the cart and the checkout as they were.
 */
export async function checkedPickupStore(
  db: Db,
  settings: LogisticsSettings,
  memberId: number,
  store: PickupStore,
  now: Date,
): Promise<PickupStore> {
  const refuse = (message: string): never => {
    throw new Invalid(message, [{ field: 'store', msg: message }]);
  };
  if (!store.token) return refuse(storeMsg.chooseOnMap);
  const chosen = verifyStoreToken(settings, store.token, now);
  if (!chosen?.ticket) return refuse(storeMsg.chooseAgain);
  if (!STORE_CHAINS_BY_CVS_TYPE[settings.cvsType].includes(chosen.chain)) return refuse(storeMsg.chainUnavailable);
  const ticket = await tickets.findTicket(db, chosen.ticket);
  if (!ticket) return refuse(storeMsg.chooseAgain);
  // A reply posted through another shopper's browser (a forged form on another site) names a store
  // on a ticket of whoever opened that map; it never reaches this member's order.
  if (ticket.memberId !== memberId) return refuse(storeMsg.notYourStore);
  // The map was used again on this ticket since: the latest choice is the one that holds.
  if (ticket.storeChain !== chosen.chain || ticket.storeId !== chosen.id) return refuse(storeMsg.chooseAgain);
  return { chain: chosen.chain, id: ticket.storeId, name: ticket.storeName, address: ticket.storeAddress };
}
