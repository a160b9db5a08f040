// Taiwan's bank codes (金融機構代號, the three digits typed at an ATM before the account) and the
// short names shoppers know the banks by, so a page can say 「822 中國信託」 rather than a bare code.

/**
 * The banks ECPay issues ATM virtual accounts from (台新, 玉山, 臺灣銀行, 中國信託, 第一, 土地, 華南,
 * 台北富邦, 國泰世華, 板信), plus the other domestic banks and 中華郵政 a shopper may pay from.
 */
export const TAIWAN_BANKS: Readonly<Record<string, string>> = {
  '004': '臺灣銀行',
  '005': '土地銀行',
  '006': '合作金庫',
  '007': '第一銀行',
  '008': '華南銀行',
  '009': '彰化銀行',
  '011': '上海銀行',
  '012': '台北富邦',
  '013': '國泰世華',
  '016': '高雄銀行',
  '017': '兆豐銀行',
  '048': '王道銀行',
  '050': '臺灣企銀',
  '052': '渣打銀行',
  '053': '台中銀行',
  '054': '京城銀行',
  '081': '滙豐銀行',
  '101': '瑞興銀行',
  '102': '華泰銀行',
  '103': '新光銀行',
  '108': '陽信銀行',
  '118': '板信銀行',
  '147': '三信銀行',
  '700': '中華郵政',
  '803': '聯邦銀行',
  '805': '遠東商銀',
  '806': '元大銀行',
  '807': '永豐銀行',
  '808': '玉山銀行',
  '809': '凱基銀行',
  '810': '星展銀行',
  '812': '台新銀行',
  '816': '安泰銀行',
  '822': '中國信託',
  '823': '將來銀行',
  '824': '連線銀行',
  '826': '樂天銀行',
};

/** The bank's short name for a three-digit code, or '' for a code the table does not know. */
export function bankName(code: string): string {
  return Object.hasOwn(TAIWAN_BANKS, code.trim()) ? TAIWAN_BANKS[code.trim()]! : '';
}

/** 「822 中國信託」: the code first, as the ATM asks for it; a code the table does not know stays alone. */
export function bankLabel(code: string): string {
  const trimmed = code.trim();
  const name = bankName(trimmed);
  return name ? `${trimmed} ${name}` : trimmed;
}
