// The checkout form (spec §2 /cart, issue 6 item 2) as the shopper fills it in, and the POST /orders
// body it becomes. Pure: the form, its lazily loaded resolver and the tests share these functions.
import {
  CarrierType,
  DeliveryMethod,
  InvoiceType,
  PaymentMethod,
  bonusUseError,
  cashOnDeliveryError,
  findTaiwanCity,
  findTaiwanDistrict,
  msg,
  storeMsg,
  taiwanPostalCode,
} from '@shop/domain';

/** Every control of the form, as the text the browser holds (radios and selects included). */
export interface CheckoutValues {
  recv_name: string;
  recv_cellphone: string;
  delivery_method: string;
  city: string;
  district: string;
  street: string;
  store_chain: string;
  /** The store the map chose (docs/decisions/053): shown, not typed; the token is the shop's signature of it. */
  store_id: string;
  store_name: string;
  store_address: string;
  store_token: string;
  payment_type: string;
  /** Card installments (decision 082): '' = paid at once. */
  installments: string;
  invoice_type: string;
  carrier_type: string;
  carrier: string;
  tax_id: string;
  title: string;
  donate_code: string;
  use_bonus: string;
  remark: string;
}

export type CheckoutField = keyof CheckoutValues;

/** What the form knows of the member to fill in the recipient and offer points. */
export interface CheckoutMember {
  name: string;
  cellPhone: string;
  city: string;
  area: string;
  address: string;
  /** Points the member may spend. */
  bonus: number;
}

/** What the form checks beyond the order schema: points against the balance and this order's limit. */
export interface CheckoutContext {
  bonusBalance: number;
  maxUsableBonus: number;
  /** What the order costs now: cash on pickup has ECPay's limit. */
  payAmount?: number;
}

/** The body of POST /orders before the schema: numbers where the browser had text. */
export interface OrderRequestBody {
  payment_type: number | string;
  delivery_method: number | string;
  recv_name: string;
  recv_cellphone: string;
  recv_address: string;
  store: { chain: string; id: string; name: string; address: string; token: string } | null;
  receipt: Record<string, unknown>;
  use_bonus: number | string;
  remark: string;
  code: string | null;
  installments: number | null;
}

/** The form's starting values: the member's own name, phone and address as the recipient. */
export function initialCheckoutValues(member: CheckoutMember | null): CheckoutValues {
  const city = member ? (findTaiwanCity(member.city)?.name ?? '') : '';
  const district = member && city ? (findTaiwanDistrict(city, member.area)?.name ?? '') : '';
  return {
    recv_name: member?.name ?? '',
    recv_cellphone: member?.cellPhone ?? '',
    delivery_method: String(DeliveryMethod.GeneralHome),
    city,
    district,
    street: member?.address ?? '',
    store_chain: '',
    store_id: '',
    store_name: '',
    store_address: '',
    store_token: '',
    payment_type: '',
    installments: '',
    invoice_type: String(InvoiceType.Duplicate),
    carrier_type: CarrierType.None,
    carrier: '',
    tax_id: '',
    title: '',
    donate_code: '',
    use_bonus: '',
    remark: '',
  };
}

export const isStorePickup = (values: Pick<CheckoutValues, 'delivery_method'>) =>
  values.delivery_method === String(DeliveryMethod.ConvenienceStore);

/** `106臺北市大安區復興南路一段390號`: postal code, city, district, then the street part. */
export function recipientAddress(values: Pick<CheckoutValues, 'city' | 'district' | 'street'>): string {
  const street = values.street.trim();
  if (!values.city || !values.district) return street;
  return `${taiwanPostalCode(values.city, values.district) ?? ''}${values.city}${values.district}${street}`;
}

const asNumber = (value: string): number | string =>
  /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : value.trim();

/** The e-invoice of spec §2 checkout (`receipt`), only the fields of the chosen type. */
function receiptOf(values: CheckoutValues): Record<string, unknown> {
  switch (values.invoice_type) {
    case String(InvoiceType.Duplicate):
      return {
        type: InvoiceType.Duplicate,
        carrier_type: values.carrier_type || CarrierType.None,
        carrier: values.carrier_type && values.carrier_type !== CarrierType.None ? values.carrier.trim() : '',
      };
    case String(InvoiceType.Triplicate):
      return { type: InvoiceType.Triplicate, tax_id: values.tax_id.trim(), title: values.title.trim() };
    case String(InvoiceType.Donate):
      return { type: InvoiceType.Donate, donate_code: values.donate_code.trim() };
    default:
      return {};
  }
}

/**
 * POST /orders body of issue 6 item 3. Prices, totals and the member are not in it: the server takes
 * the lines from the member's cart and computes every amount. `code` is the influencer code.
 */
export function toOrderBody(values: CheckoutValues, code: string | null): OrderRequestBody {
  const store = isStorePickup(values);
  return {
    payment_type: asNumber(values.payment_type),
    delivery_method: asNumber(values.delivery_method),
    recv_name: values.recv_name.trim(),
    recv_cellphone: values.recv_cellphone.trim(),
    recv_address: store ? '' : recipientAddress(values),
    store: store
      ? {
          chain: values.store_chain,
          id: values.store_id.trim(),
          name: values.store_name.trim(),
          address: values.store_address.trim(),
          token: values.store_token,
        }
      : null,
    receipt: receiptOf(values),
    use_bonus: values.use_bonus.trim() === '' ? 0 : asNumber(values.use_bonus),
    remark: values.remark.trim(),
    code: code || null,
    // Only a card is paid in installments; the choice stays in the form if the shopper switches back.
    installments:
      values.payment_type === String(PaymentMethod.Credit) && /^\d+$/.test(values.installments)
        ? Number(values.installments)
        : null,
  };
}

/** Points the shopper typed, as a number (0 when empty or not a whole number: the form reports that). */
export function typedBonus(value: string): number {
  const n = /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : 0;
  return Number.isSafeInteger(n) ? n : 0;
}

/**
 * The form control a field error belongs to: a path of the order schema (`['receipt', 'tax_id']`) or
 * a field name of the server's 400 answer (`receipt.tax_id`, `tax_id`). null when no control fits.
 */
export function checkoutFieldOf(path: string | readonly PropertyKey[]): CheckoutField | null {
  const parts = (typeof path === 'string' ? path.split(/[.[\]]/) : path.map(String)).filter(Boolean);
  const [head, tail] = parts;
  switch (head) {
    case 'recv_name':
    case 'recv_cellphone':
    case 'delivery_method':
    case 'payment_type':
    case 'installments':
    case 'use_bonus':
    case 'remark':
    case 'carrier_type':
    case 'carrier':
    case 'tax_id':
    case 'title':
    case 'donate_code':
      return head;
    case 'recv_address':
      return 'street';
    case 'store':
      // The chosen store is one control (選擇門市); only the chain has its own.
      return tail === 'chain' ? 'store_chain' : 'store_id';
    case 'receipt':
      if (
        tail === 'carrier_type' ||
        tail === 'carrier' ||
        tail === 'tax_id' ||
        tail === 'title' ||
        tail === 'donate_code'
      ) {
        return tail;
      }
      return 'invoice_type';
    default:
      return null;
  }
}

/** The checks the order schema cannot make: a real city and district, a street, points the member has. */
export function localCheckoutErrors(
  values: CheckoutValues,
  context: CheckoutContext,
): Partial<Record<CheckoutField, string>> {
  const errors: Partial<Record<CheckoutField, string>> = {};
  if (!isStorePickup(values)) {
    if (!findTaiwanCity(values.city)) errors.city = msg.cityChoose;
    else if (!findTaiwanDistrict(values.city, values.district)) errors.district = msg.areaChoose;
    if (values.street.trim() === '') errors.street = msg.required;
  } else if (!values.store_chain) {
    errors.store_chain = storeMsg.chainChoose;
  } else if (!values.store_token) {
    errors.store_id = storeMsg.chooseOnMap;
  }
  const cod =
    context.payAmount === undefined
      ? null
      : cashOnDeliveryError({
          paymentType: Number(values.payment_type),
          deliveryMethod: Number(values.delivery_method),
          payAmount: context.payAmount,
        });
  if (cod) errors.payment_type = cod;
  const bonus = values.use_bonus.trim();
  if (bonus !== '') {
    const problem = /^\d{1,10}$/.test(bonus)
      ? bonusUseError(Number(bonus), context.bonusBalance, context.maxUsableBonus)
      : msg.bonusNotInteger;
    if (problem) errors.use_bonus = problem;
  }
  return errors;
}

/** The member fields the form uses (spec §3 Member). */
export function checkoutMemberOf(member: {
  name?: string | null;
  cell_phone?: string | null;
  city?: string | null;
  area?: string | null;
  address?: string | null;
  member_bonus?: { bonus?: number | null } | null;
}): CheckoutMember {
  const bonus = member.member_bonus?.bonus;
  return {
    name: member.name ?? '',
    cellPhone: member.cell_phone ?? '',
    city: member.city ?? '',
    area: member.area ?? '',
    address: member.address ?? '',
    bonus: typeof bonus === 'number' && Number.isFinite(bonus) && bonus > 0 ? Math.floor(bonus) : 0,
  };
}
