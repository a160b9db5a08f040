// 列印託運單 (issue 17 item 2, docs/decisions/054): the chains print their own labels, so the back
// office posts the selected shipments, signed, to the chain's print page at ECPay (C2C: one page per
// chain; B2C and home delivery: /helper/printTradeDocument). With several chains selected, the page
// offers one button per chain; with one, it posts by itself. In simulator mode the shop prints its
// own label page instead.
import { randomBytes } from 'node:crypto';
import { STORE_CHAIN_NAMES, temperatureLabel, type StoreChain } from '@shop/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ordersRepository } from '../orders/index.ts';
import { signLogisticsFields } from './logistics-check-mac-value.ts';
import { logisticsGateway } from './logistics-gateway.ts';
import { escapeHtml, htmlDocument } from '../../http/html-page.ts';
import { carrierNameOf } from './shipments.service.ts';
import * as repo from './shipments.repository.ts';
import type { LogisticsSettings } from './store-map.service.ts';

/** ECPay's print page of each C2C chain; everything else prints through printTradeDocument. */
const C2C_PRINT_PATHS: Record<string, string> = {
  UNIMARTC2C: '/Express/PrintUniMartC2COrderInfo',
  FAMIC2C: '/Express/PrintFAMIC2COrderInfo',
  HILIFEC2C: '/Express/PrintHILIFEC2COrderInfo',
  OKMARTC2C: '/Express/PrintOKMARTC2COrderInfo',
};
export const TRADE_DOCUMENT_PATH = '/helper/printTradeDocument';

export interface PrintForm {
  title: string;
  action: string;
  fields: Record<string, string>;
}

/** The signed print forms of the created shipments of these orders, one per print page. */
export function printForms(
  shipments: readonly repo.ShipmentRow[],
  merchant: { merchantId: string; hashKey: string; hashIv: string },
  apiUrl: string,
): PrintForm[] {
  const groups = new Map<string, repo.ShipmentRow[]>();
  for (const s of shipments) {
    const key = C2C_PRINT_PATHS[s.subType] ? s.subType : 'document';
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  return [...groups.entries()].map(([key, group]) => {
    const ids = group.map((s) => s.allPayLogisticsId ?? '').join(',');
    const fields: Record<string, string> = { MerchantID: merchant.merchantId, AllPayLogisticsID: ids };
    if (key !== 'document') {
      fields.CVSPaymentNo = group.map((s) => s.cvsPaymentNo).join(',');
      if (key === 'UNIMARTC2C') fields.CVSValidationNo = group.map((s) => s.cvsValidationNo).join(',');
    }
    return {
      title: key === 'document' ? '託運單' : `${carrierNameOf(key)} 託運單`,
      action: apiUrl + (C2C_PRINT_PATHS[key] ?? TRADE_DOCUMENT_PATH),
      fields: signLogisticsFields(fields, merchant.hashKey, merchant.hashIv),
    };
  });
}

export interface LabelPage {
  html: string;
  /** The Content-Security-Policy the page needs (its nonce, and ECPay as a form target). */
  csp: string;
}

const STYLE = `
body{margin:0;font:16px/1.6 'PingFang TC','Noto Sans TC','Microsoft JhengHei',system-ui,sans-serif;color:#1f2a2e;background:#f3f6f6}
main{max-width:760px;margin:0 auto;padding:20px 16px}
.banner{margin:0;background:#fff4d6;padding:10px 16px;text-align:center;font-size:14px}
.label{background:#fff;border:2px dashed #1f2a2e;border-radius:8px;padding:16px;margin:0 0 16px;break-inside:avoid}
.label h2{margin:0 0 8px;font-size:20px}
.label dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0}
.label dt{font-weight:700}.label dd{margin:0;overflow-wrap:anywhere}
.code{font:700 28px/1.2 ui-monospace,monospace;letter-spacing:.12em}
button{font:inherit;font-weight:700;min-height:48px;padding:10px 16px;border-radius:10px;border:2px solid #0f7a4f;background:#0f7a4f;color:#fff;cursor:pointer;margin:0 8px 12px 0}
@media print{.banner,.no-print{display:none}body{background:#fff}}
`;

function page(nonce: string, title: string, body: string, script = ''): string {
  return htmlDocument(nonce, title, STYLE, `${body}\n${script ? `<script nonce="${nonce}">${script}</script>` : ''}`);
}

/** What every variant of the page shares: its nonce, its base policy, and the note on orders left out. */
interface LabelFrame {
  nonce: string;
  csp: string;
  missingNote: string;
}

/** One of the shop's own labels (simulator mode); null when the order is gone. */
async function simulatedLabel(db: Db, config: Config, s: repo.ShipmentRow): Promise<string | null> {
  const order = await ordersRepository.findOrder(db, s.orderId);
  if (!order) return null;
  const store = JSON.parse(order.storeInfo ?? 'null') as { chain?: StoreChain; name?: string; id?: string } | null;
  const rows: [string, string][] = [
    ['訂單編號', order.orderNumber],
    ['物流', carrierNameOf(s.subType)],
    ['綠界物流編號', s.allPayLogisticsId ?? ''],
    ...(s.logisticsType === 'CVS'
      ? ([
          [
            '取貨門市',
            store ? `${STORE_CHAIN_NAMES[store.chain!] ?? ''} ${store.name ?? ''}（${store.id ?? ''}）` : '',
          ],
          ['寄貨編號', s.cvsPaymentNo],
          ...(s.cvsValidationNo ? [['驗證碼', s.cvsValidationNo] as [string, string]] : []),
          ['代收金額', s.collectionAmount > 0 ? `NT$${s.collectionAmount.toLocaleString('en-US')}` : '不代收'],
        ] as [string, string][])
      : ([
          ['託運單號', s.bookingNote],
          ['收件地址', order.recvAddress],
          ['溫層', temperatureLabel[s.temperature] ?? s.temperature],
        ] as [string, string][])),
    ['收件人', `${order.recvName} ${order.recvCellphone}`],
    ['寄件人', `${config.ECPAY_LOGISTICS_SENDER_NAME} ${config.ECPAY_LOGISTICS_SENDER_PHONE}`],
  ];
  return `<section class="label" aria-label="託運單 ${escapeHtml(order.orderNumber)}">
<h2>${escapeHtml(carrierNameOf(s.subType))}</h2>
<p class="code">${escapeHtml(s.cvsPaymentNo + s.cvsValidationNo || s.bookingNote)}</p>
<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>
</section>`;
}

/** Simulator mode: the shop's own labels, with a print button. */
async function simulatedLabelPage(
  db: Db,
  config: Config,
  shipments: readonly repo.ShipmentRow[],
  { nonce, csp, missingNote }: LabelFrame,
): Promise<LabelPage> {
  const labels = [];
  for (const s of shipments) {
    const label = await simulatedLabel(db, config, s);
    if (label) labels.push(label);
  }
  return {
    html: page(
      nonce,
      '託運單（模擬）',
      `<p class="banner" role="note">物流模擬模式：此託運單由商店產生，僅供測試，不能寄件。</p>
<main><h1>託運單</h1>${missingNote}<p class="no-print"><button type="button" id="print">列印</button></p>${labels.join('\n')}</main>`,
      `document.getElementById('print').addEventListener('click',function(){window.print()});`,
    ),
    csp: `${csp}; script-src 'nonce-${nonce}'; form-action 'none'`,
  };
}

/** The signed forms to ECPay's print pages: posted by the page itself when there is one. */
function ecpayPrintPage(
  shipments: readonly repo.ShipmentRow[],
  settings: LogisticsSettings,
  { nonce, csp, missingNote }: LabelFrame,
): LabelPage {
  const forms = printForms(shipments, settings, settings.apiUrl);
  const formHtml = forms
    .map(
      (
        f,
        i,
      ) => `<form method="post" action="${escapeHtml(f.action)}" id="print-${i}"${forms.length > 1 ? ' target="_blank"' : ''}>
${Object.entries(f.fields)
  .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
  .join('\n')}
<button type="submit">開啟${escapeHtml(f.title)}</button>
</form>`,
    )
    .join('\n');
  const origin = new URL(settings.apiUrl).origin;
  return {
    html: page(
      nonce,
      '列印託運單',
      `<main><h1>列印託運單</h1>${missingNote}<p>正在前往綠界的託運單頁面…</p>${formHtml}</main>`,
      forms.length === 1 ? `document.getElementById('print-0').submit();` : '',
    ),
    csp: `${csp}; script-src 'nonce-${nonce}'; form-action ${origin}`,
  };
}

/**
 * The page 列印託運單 opens for the selected orders: the auto-posting form(s) to ECPay, or in
 * simulator mode the shop's own labels. Orders without a created shipment are named as left out.
 */
export async function labelPage(db: Db, config: Config, orderIds: readonly number[]): Promise<LabelPage> {
  const { settings } = logisticsGateway(config);
  const shipments = await repo.findCreatedShipments(db, orderIds);
  const nonce = randomBytes(16).toString('base64');
  const printed = new Set(shipments.map((s) => s.orderId));
  const missing = orderIds.filter((id) => !printed.has(id));
  const frame: LabelFrame = {
    nonce,
    csp: `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; frame-ancestors 'none'`,
    missingNote:
      missing.length > 0 ? `<p class="no-print">${missing.length} 筆訂單尚未建立物流單，未列入託運單。</p>` : '',
  };
  if (shipments.length === 0) {
    return {
      html: page(nonce, '列印託運單', `<main><h1>列印託運單</h1><p>所選訂單都還沒有建立物流單。</p></main>`),
      csp: `${frame.csp}; form-action 'none'`,
    };
  }
  if (settings.mode === 'simulator') return simulatedLabelPage(db, config, shipments, frame);
  return ecpayPrintPage(shipments, settings, frame);
}
