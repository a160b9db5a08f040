import { describe, expect, it } from 'vitest';
import { useStandIn } from '../../test/stand-in-server.ts';
import {
  chainOfSubType,
  createEcpayLogisticsClient,
  EcpayLogisticsUnavailable,
  formatLogisticsDate,
  logisticsGoodsName,
  logisticsSubType,
  parseLogisticsDate,
  parseMapReply,
  parseStatusNotice,
  storeMapFields,
} from './ecpay-logistics.ts';
import {
  logisticsCheckMacValue,
  signLogisticsFields,
  verifyLogisticsCheckMacValue,
} from './logistics-check-mac-value.ts';

// ECPay's public staging C2C logistics merchant.
const C2C = { merchantId: '2000933', hashKey: 'XBERn1YOvpM9nfZc', hashIv: 'h1ONHk4P4yqbl5LK' };

describe('logisticsCheckMacValue (MD5)', () => {
  it("gives the CheckMacValue of ECPay's published MD5 example (附錄 檢查碼機制)", () => {
    // developers.ecpay.com.tw 附錄／檢查碼機制, the MD5 worked example: 50A276E71DAE26343013958B405EEEA0.
    const fields = {
      RtnCode: '1',
      RtnMsg: '',
      IA_Allow_No: '1909181313013546',
      IA_Invoice_No: 'UV11100019',
      IA_Date: '2019-09-18 13:13:23',
      IIS_Remain_Allowance_Amt: '0',
    };
    expect(logisticsCheckMacValue(fields, 'ejCk326UnaZWKisg', 'q9jcZX8Ib9LM8wYk')).toBe(
      '50A276E71DAE26343013958B405EEEA0',
    );
  });

  // Computed apart from this code, by the steps of ECPay's logistics PHP SDK (urlencode, strtolower,
  // its .NET replacements, md5, strtoupper) written out in another language, which also gives the
  // published value above.
  it('gives the independently computed value of a store shipment (Chinese, spaces, brackets, a URL)', () => {
    const create = {
      MerchantID: '2000933',
      MerchantTradeNo: 'GD2611260001',
      MerchantTradeDate: '2026/11/26 10:15:30',
      LogisticsType: 'CVS',
      LogisticsSubType: 'UNIMARTC2C',
      GoodsAmount: '1280',
      IsCollection: 'Y',
      CollectionAmount: '1280',
      GoodsName: '有機紅茶 (2入)',
      SenderName: '好茶商行',
      SenderCellPhone: '0911222333',
      ReceiverName: '王小明',
      ReceiverCellPhone: '0912345678',
      ReceiverStoreID: '131386',
      ServerReplyURL: 'https://shop.example.tw/api/v1/logistics/status',
    };
    expect(logisticsCheckMacValue(create, C2C.hashKey, C2C.hashIv)).toBe('ECB41330131107B51E3239C8BF5C0A3B');
  });

  it('verifies in constant time, ignores hex case, and refuses a changed field or a SHA256-length value', () => {
    const signed = signLogisticsFields({ MerchantID: '2000933', RtnCode: '300' }, C2C.hashKey, C2C.hashIv);
    expect(verifyLogisticsCheckMacValue(signed, C2C.hashKey, C2C.hashIv)).toBe(true);
    expect(
      verifyLogisticsCheckMacValue(
        { ...signed, CheckMacValue: signed.CheckMacValue.toLowerCase() },
        C2C.hashKey,
        C2C.hashIv,
      ),
    ).toBe(true);
    expect(verifyLogisticsCheckMacValue({ ...signed, RtnCode: '3022' }, C2C.hashKey, C2C.hashIv)).toBe(false);
    expect(verifyLogisticsCheckMacValue({ ...signed, CheckMacValue: 'A'.repeat(64) }, C2C.hashKey, C2C.hashIv)).toBe(
      false,
    );
    expect(verifyLogisticsCheckMacValue({ MerchantID: '2000933' }, C2C.hashKey, C2C.hashIv)).toBe(false);
  });
});

describe('chains and sub-types', () => {
  it.each([
    ['C2C', 'UNIMART', 'UNIMARTC2C'],
    ['C2C', 'FAMI', 'FAMIC2C'],
    ['C2C', 'HILIFE', 'HILIFEC2C'],
    ['C2C', 'OKMART', 'OKMARTC2C'],
    ['B2C', 'UNIMART', 'UNIMART'],
    ['B2C', 'FAMI', 'FAMI'],
    ['B2C', 'HILIFE', 'HILIFE'],
    ['B2C', 'OKMART', null],
  ] as const)('%s %s → %s', (cvsType, chain, subType) => {
    expect(logisticsSubType(cvsType, chain)).toBe(subType);
    if (subType) expect(chainOfSubType(cvsType, subType)).toBe(chain);
  });

  it("takes no other contract's sub-type, nor home delivery's", () => {
    expect(chainOfSubType('C2C', 'UNIMART')).toBeNull();
    expect(chainOfSubType('B2C', 'FAMIC2C')).toBeNull();
    expect(chainOfSubType('C2C', 'TCAT')).toBeNull();
    expect(chainOfSubType('C2C', '')).toBeNull();
  });
});

describe('storeMapFields', () => {
  const request = {
    merchantId: '2000933',
    merchantTradeNo: 'SMT5XK2M0ABCD1234',
    subType: 'UNIMARTC2C',
    isCollection: true,
    serverReplyUrl: 'https://shop.example.tw/api/v1/logistics/map-reply',
    extraData: '0123456789abcdef0123',
    device: 1 as const,
  };

  it('lists the /Express/map fields as ECPay names them', () => {
    expect(storeMapFields(request)).toEqual({
      MerchantID: '2000933',
      MerchantTradeNo: 'SMT5XK2M0ABCD1234',
      LogisticsType: 'CVS',
      LogisticsSubType: 'UNIMARTC2C',
      IsCollection: 'Y',
      ServerReplyURL: 'https://shop.example.tw/api/v1/logistics/map-reply',
      ExtraData: '0123456789abcdef0123',
      Device: '1',
    });
    expect(storeMapFields({ ...request, isCollection: false, device: 0 })).toMatchObject({
      IsCollection: 'N',
      Device: '0',
    });
  });

  it('refuses what ECPay would cut: a long or odd MerchantTradeNo, ExtraData over 20', () => {
    expect(() => storeMapFields({ ...request, merchantTradeNo: 'X'.repeat(21) })).toThrow();
    expect(() => storeMapFields({ ...request, merchantTradeNo: 'SM-1' })).toThrow();
    expect(() => storeMapFields({ ...request, extraData: 'x'.repeat(21) })).toThrow();
  });
});

describe('parseMapReply', () => {
  const reply = {
    MerchantID: '2000933',
    MerchantTradeNo: 'SMT5XK2M0ABCD1234',
    LogisticsSubType: 'FAMIC2C',
    CVSStoreID: '006598',
    CVSStoreName: '全家台北信義店',
    CVSAddress: '臺北市信義區信義路五段150巷2號',
    CVSTelephone: '0227583120',
    CVSOutSide: '0',
    ExtraData: '0123456789abcdef0123',
  };
  const expected = { merchantId: '2000933', cvsType: 'C2C' as const };

  it('reads the chosen store and its chain', () => {
    expect(parseMapReply(reply, expected)).toEqual({
      ok: true,
      store: {
        merchantTradeNo: 'SMT5XK2M0ABCD1234',
        extraData: '0123456789abcdef0123',
        subType: 'FAMIC2C',
        chain: 'FAMI',
        id: '006598',
        name: '全家台北信義店',
        address: '臺北市信義區信義路五段150巷2號',
        telephone: '0227583120',
        outside: false,
      },
    });
  });

  it('marks an outlying-island store, and cleans control characters and angle brackets out of the text', () => {
    const parsed = parseMapReply({ ...reply, CVSOutSide: '1', CVSStoreName: '全家<b>馬公</b>店\u0007' }, expected);
    expect(parsed.ok && parsed.store.outside).toBe(true);
    expect(parsed.ok && parsed.store.name).toBe('全家 b 馬公 /b 店');
  });

  it.each([
    ['another merchant', { MerchantID: '2000132' }, 'merchant'],
    ['an unknown sub-type', { LogisticsSubType: 'PCHOMEC2C' }, 'chain'],
    ['a B2C sub-type under a C2C contract', { LogisticsSubType: 'FAMI' }, 'chain'],
    ['no store id', { CVSStoreID: '' }, 'store'],
    ['a store id that is not one', { CVSStoreID: "006598' OR 1=1" }, 'store'],
    ['no store name', { CVSStoreName: '  ' }, 'store'],
    ['a store name of 51 characters', { CVSStoreName: '店'.repeat(51) }, 'store'],
  ])('refuses %s', (_label, change, problem) => {
    expect(parseMapReply({ ...reply, ...change }, expected)).toEqual({ ok: false, problem });
  });
});

describe('dates and goods names', () => {
  it('writes and reads ECPay dates in Taipei time', () => {
    const at = new Date('2026-11-26T02:15:30Z');
    expect(formatLogisticsDate(at)).toBe('2026/11/26 10:15:30');
    expect(parseLogisticsDate('2026/11/26 10:15:30')?.toISOString()).toBe(at.toISOString());
    expect(parseLogisticsDate('2026/02/30 10:15:30')).toBeNull();
    expect(parseLogisticsDate('yesterday')).toBeNull();
  });

  it('drops the symbols ECPay refuses in GoodsName and keeps 50 characters', () => {
    expect(logisticsGoodsName('A&B "特價" <茶>#1 x 2')).toBe('A B 特價 茶 1 x 2');
    expect(logisticsGoodsName('茶'.repeat(60))).toHaveLength(50);
  });
});

describe('parseStatusNotice', () => {
  const notice = {
    MerchantID: '2000933',
    MerchantTradeNo: 'GD2611260001',
    RtnCode: '2073',
    RtnMsg: '商品配達買家取貨門市',
    AllPayLogisticsID: '1718546',
    LogisticsType: 'CVS',
    LogisticsSubType: 'UNIMARTC2C',
    GoodsAmount: '1280',
    UpdateStatusDate: '2026/11/28 14:02:11',
    ReceiverName: '王小明',
    ReceiverPhone: '',
    ReceiverCellPhone: '0912345678',
    ReceiverEmail: '',
    ReceiverAddress: '',
    CVSPaymentNo: 'F1234567',
    CVSValidationNo: '8765',
    BookingNote: '',
  };

  it('reads a notification signed as ECPay signs it (value computed independently, as above)', () => {
    const signed = { ...notice, CheckMacValue: '78D1D836CAA490B798C555D3D5752B0F' };
    expect(signLogisticsFields(notice, C2C.hashKey, C2C.hashIv).CheckMacValue).toBe(signed.CheckMacValue);
    const read = parseStatusNotice(signed, C2C);
    expect(read).toMatchObject({
      merchantTradeNo: 'GD2611260001',
      rtnCode: 2073,
      allPayLogisticsId: '1718546',
      subType: 'UNIMARTC2C',
      goodsAmount: 1280,
      cvsPaymentNo: 'F1234567',
      cvsValidationNo: '8765',
    });
    expect(read?.updatedAt?.toISOString()).toBe('2026-11-28T06:02:11.000Z');
  });

  it('refuses a forged, re-signed-by-another-key or foreign-merchant notification', () => {
    const signed = signLogisticsFields(notice, C2C.hashKey, C2C.hashIv);
    expect(parseStatusNotice({ ...signed, RtnCode: '2067' }, C2C)).toBeNull();
    expect(parseStatusNotice(signLogisticsFields(notice, 'other-key', C2C.hashIv), C2C)).toBeNull();
    expect(
      parseStatusNotice(signLogisticsFields({ ...notice, MerchantID: '2000132' }, C2C.hashKey, C2C.hashIv), C2C),
    ).toBeNull();
  });
});

describe('createCvsShipment against a stand-in ECPay', () => {
  let answer: (fields: Record<string, string>) => { status: number; body: string } = () => ({ status: 200, body: '' });
  const ecpay = useStandIn((request) => ({
    ...answer(Object.fromEntries(new URLSearchParams(request.body))),
    type: 'text/html; charset=utf-8',
  }));
  /** The forms the stand-in got, with the path they went to. */
  const received = (): Record<string, string>[] =>
    ecpay.requests.map((request) => ({ ...Object.fromEntries(new URLSearchParams(request.body)), path: request.path }));

  const client = () => createEcpayLogisticsClient({ baseUrl: ecpay.url, ...C2C, timeoutMs: 2000 });
  const shipment = {
    merchantTradeNo: 'GD2611260001',
    tradeDate: new Date('2026-11-26T02:15:30Z'),
    subType: 'UNIMARTC2C',
    goodsAmount: 1280,
    collect: true,
    goodsName: '有機紅茶 x 2',
    senderName: '好茶商行',
    senderCellPhone: '0911222333',
    receiverName: '王小明',
    receiverCellPhone: '0912345678',
    receiverStoreId: '131386',
    serverReplyUrl: 'https://shop.example.tw/api/v1/logistics/status',
  };

  it('posts the signed fields and reads the created order from `1|…`', async () => {
    answer = (fields) => {
      expect(verifyLogisticsCheckMacValue(fields, C2C.hashKey, C2C.hashIv)).toBe(true);
      const created = signLogisticsFields(
        {
          MerchantID: '2000933',
          MerchantTradeNo: fields.MerchantTradeNo!,
          RtnCode: '300',
          RtnMsg: '訂單處理中(已收到訂單資料)',
          AllPayLogisticsID: '1718546',
          LogisticsType: 'CVS',
          LogisticsSubType: 'UNIMARTC2C',
          GoodsAmount: fields.GoodsAmount!,
          CVSPaymentNo: 'F1234567',
          CVSValidationNo: '8765',
          BookingNote: '',
        },
        C2C.hashKey,
        C2C.hashIv,
      );
      return { status: 200, body: `1|${new URLSearchParams(created).toString()}` };
    };
    const result = await client().createCvsShipment(shipment);
    expect(result).toMatchObject({
      ok: true,
      data: { rtnCode: 300, allPayLogisticsId: '1718546', cvsPaymentNo: 'F1234567', cvsValidationNo: '8765' },
    });
    const sent = received().at(-1)!;
    expect(sent.path).toBe('/Express/Create');
    expect(sent).toMatchObject({
      MerchantTradeDate: '2026/11/26 10:15:30',
      LogisticsType: 'CVS',
      IsCollection: 'Y',
      CollectionAmount: '1280',
      ReceiverStoreID: '131386',
    });
  });

  it('answers a refusal (`0|…`) as a result with ECPay’s words', async () => {
    answer = () => ({ status: 200, body: '0|收件人門市代號錯誤' });
    expect(await client().createCvsShipment({ ...shipment, collect: false })).toEqual({
      ok: false,
      message: '收件人門市代號錯誤',
    });
    expect(received().at(-1)!.CollectionAmount).toBeUndefined();
  });

  it.each([
    ['an HTTP error', () => ({ status: 502, body: 'bad gateway' })],
    ['an answer outside the protocol', () => ({ status: 200, body: '<html>maintenance</html>' })],
    ['a success whose CheckMacValue fails', () => ({ status: 200, body: '1|AllPayLogisticsID=1&CheckMacValue=00' })],
    ['a success without AllPayLogisticsID', () => ({ status: 200, body: '1|RtnCode=300' })],
  ])('throws EcpayLogisticsUnavailable on %s', async (_label, out) => {
    answer = out;
    await expect(client().createCvsShipment(shipment)).rejects.toBeInstanceOf(EcpayLogisticsUnavailable);
  });

  it('throws EcpayLogisticsUnavailable when nobody answers', async () => {
    const down = createEcpayLogisticsClient({ baseUrl: 'http://127.0.0.1:1', ...C2C, timeoutMs: 1000 });
    await expect(down.createCvsShipment(shipment)).rejects.toBeInstanceOf(EcpayLogisticsUnavailable);
  });
});
