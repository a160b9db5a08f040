// Each block of the sales report as a CSV file for Excel (issue 42 item 1), with the order export's
// writer (UTF-8 with BOM, CRLF, formula-safe cells; docs/decisions/030).
import { msg, type SalesReport, type SalesReportBlock } from '@shop/domain';
import { toCsv, type CsvColumn } from '../../http/csv.ts';

const label = (table: Record<number, string>, key: number) => table[key] ?? String(key);

type Row<K extends keyof SalesReport> = SalesReport[K] extends readonly (infer R)[] ? R : never;

const moneyColumns = <T extends { orders: number; revenue: number; refunds: number }>(): CsvColumn<T>[] => [
  { header: '付款訂單數', value: (r) => r.orders },
  { header: '營收（已扣退款）', value: (r) => r.revenue },
  { header: '退款', value: (r) => r.refunds },
];

const productColumns = <T extends Row<'top_products'>>(): CsvColumn<T>[] => [
  { header: '商品編號', value: (r) => r.products_id },
  { header: '商品名稱', value: (r) => r.name },
  { header: '售出件數', value: (r) => r.units },
  { header: '銷售金額', value: (r) => r.revenue },
];

function blockCsv(report: SalesReport, block: SalesReportBlock): string {
  switch (block) {
    case 'days':
      return toCsv(
        [{ header: '日期', value: (r: Row<'days'>) => r.date }, ...moneyColumns<Row<'days'>>()],
        report.days,
      );
    case 'payment':
      return toCsv(
        [
          { header: '付款方式', value: (r: Row<'by_payment_type'>) => label(msg.paymentMethodLabel, r.payment_type) },
          ...moneyColumns<Row<'by_payment_type'>>(),
        ],
        report.by_payment_type,
      );
    case 'delivery':
      return toCsv(
        [
          {
            header: '配送方式',
            value: (r: Row<'by_delivery_method'>) => label(msg.deliveryMethodLabel, r.delivery_method),
          },
          ...moneyColumns<Row<'by_delivery_method'>>(),
        ],
        report.by_delivery_method,
      );
    case 'products':
      return toCsv(productColumns<Row<'top_products'>>(), report.top_products);
    case 'specs':
      return toCsv(
        [...productColumns<Row<'top_specs'>>(), { header: '規格', value: (r: Row<'top_specs'>) => r.spec_name }],
        report.top_specs,
      );
    case 'after_sales': {
      const rows = [
        ...report.after_sales.cancel_reasons.map((r) => ({ kind: '取消', ...r })),
        ...report.after_sales.return_reasons.map((r) => ({ kind: '退貨', ...r })),
      ];
      type R = (typeof rows)[number];
      return toCsv<R>(
        [
          { header: '類別', value: (r) => r.kind },
          { header: '原因', value: (r) => r.reason },
          { header: '件數', value: (r) => r.count },
        ],
        rows,
      );
    }
  }
}

/** The file's name and body; the name carries the block and the range (ASCII, for every browser). */
export function salesReportCsv(report: SalesReport, block: SalesReportBlock) {
  const range = `${report.from.replaceAll('-', '')}-${report.to.replaceAll('-', '')}`;
  return {
    filename: `sales-${block.replace('_', '-')}-${range}.csv`,
    body: blockCsv(report, block),
  };
}
