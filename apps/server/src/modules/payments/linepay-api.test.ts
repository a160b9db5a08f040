import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createLinePayClient,
  linePayAmountsAgree,
  LinePayUnavailable,
  parseLinePayJson,
  type LinePayRequestBody,
} from './linepay-api.ts';
import { jsonAnswer, useStandIn } from '../../test/stand-in-server.ts';
import { createLinePaySimulator, LINEPAY_SIMULATOR_API } from './linepay-simulator.ts';

const SECRET = 'a917ab6a2367b536f8e5a6e2977e06f4';
const CHANNEL = '1234567890';
/** Past Number.MAX_SAFE_INTEGER (9007199254740991): JSON.parse would round it to …496800. */
const TRANSACTION = '2019049910005496810';

/** What the stand-in for LINE Pay's API answers; it records each call. */
let reply: { status: number; text: string } = { status: 200, text: '{}' };
const linePay = useStandIn(() => jsonAnswer(reply.text, reply.status));

const client = () =>
  createLinePayClient({ baseUrl: linePay.url, channelId: CHANNEL, channelSecret: SECRET, nonce: () => 'n-1' });

const order: LinePayRequestBody = {
  amount: 1760,
  currency: 'TWD',
  orderId: 'GD2611250101',
  packages: [
    {
      id: 'GD2611250101',
      amount: 1760,
      name: '好日子選物',
      products: [
        { name: '阿里山高山烏龍茶', quantity: 1, price: 980 },
        { name: '梨山冷泡茶包', quantity: 2, price: 390 },
      ],
    },
  ],
  redirectUrls: { confirmUrl: 'https://shop.example.tw/confirm', cancelUrl: 'https://shop.example.tw/cancel' },
};

/** What LINE Pay computes on its side from the raw request. */
const expectedSignature = (path: string, body: string, nonce: string) =>
  createHmac('sha256', SECRET)
    .update(SECRET + path + body + nonce)
    .digest('base64');

describe('LINE Pay request', () => {
  it('posts the order signed with channel id, nonce and HMAC, and reads the 19-digit transaction id exactly', async () => {
    reply = {
      status: 200,
      text: `{"returnCode":"0000","returnMessage":"Success.","info":{"paymentUrl":{"web":"https://sandbox-web-pay.line.me/web/payment/wait?transactionReserveId=abc","app":"line://pay/payment/abc"},"transactionId":${TRANSACTION},"paymentAccessToken":"187568751124"}}`,
    };

    const answer = await client().request(order);

    expect(answer.returnCode).toBe('0000');
    expect(answer.info?.transactionId).toBe(TRANSACTION);
    expect(answer.info?.paymentUrl.web).toContain('transactionReserveId=abc');
    const [call] = linePay.requests;
    expect(call).toMatchObject({ method: 'POST', path: '/v3/payments/request' });
    expect(JSON.parse(call!.body)).toEqual(order);
    expect(call!.headers['x-line-channelid']).toBe(CHANNEL);
    expect(call!.headers['x-line-authorization-nonce']).toBe('n-1');
    expect(call!.headers['x-line-authorization']).toBe(expectedSignature('/v3/payments/request', call!.body, 'n-1'));
  });

  it('refuses to send packages that do not add up to the amount (LINE Pay answers 1124)', () => {
    const wrong = { ...order, amount: 1761 };
    expect(linePayAmountsAgree(order)).toBe(true);
    expect(linePayAmountsAgree(wrong)).toBe(false);
    expect(() => client().request(wrong)).toThrow('do not add up');
    expect(linePay.requests).toHaveLength(0);
  });
});

describe('LINE Pay confirm and refund', () => {
  it('confirms the transaction by its id in the path, signed over that path and the amount', async () => {
    reply = {
      status: 200,
      text: `{"returnCode":"0000","returnMessage":"Success.","info":{"orderId":"GD2611250101","transactionId":${TRANSACTION},"payInfo":[{"method":"BALANCE","amount":1760}]}}`,
    };

    const answer = await client().confirm(TRANSACTION, { amount: 1760, currency: 'TWD' });

    expect(answer.info?.transactionId).toBe(TRANSACTION);
    const path = `/v3/payments/${TRANSACTION}/confirm`;
    expect(linePay.requests[0]!.path).toBe(path);
    expect(linePay.requests[0]!.headers['x-line-authorization']).toBe(
      expectedSignature(path, '{"amount":1760,"currency":"TWD"}', 'n-1'),
    );
  });

  it("hands a refusal's return code to the caller instead of throwing", async () => {
    reply = { status: 200, text: '{"returnCode":"1172","returnMessage":"Existing same orderId."}' };
    const answer = await client().confirm(TRANSACTION, { amount: 1760, currency: 'TWD' });
    expect(answer).toEqual({ returnCode: '1172', returnMessage: 'Existing same orderId.' });
  });

  it('refunds in full without an amount and reads the refund transaction id exactly', async () => {
    reply = {
      status: 200,
      text: `{"returnCode":"0000","returnMessage":"Success.","info":{"refundTransactionId":${TRANSACTION}1,"refundTransactionDate":"2026-11-26T03:00:00Z"}}`,
    };
    const answer = await client().refund(TRANSACTION);
    expect(answer.info?.refundTransactionId).toBe(`${TRANSACTION}1`);
    expect(linePay.requests[0]!.body).toBe('{}');
  });

  it('never puts anything but digits into the path', () => {
    expect(() => client().refund('123/../../request')).toThrow('not a LINE Pay transaction id');
    expect(() => client().details('1&orderId=x')).toThrow('not a LINE Pay transaction id');
    expect(linePay.requests).toHaveLength(0);
  });

  it('reads the refunds of a payment (Payment Details) with a GET signed over its query string', async () => {
    reply = {
      status: 200,
      text: `{"returnCode":"0000","returnMessage":"Success.","info":[{"transactionId":${TRANSACTION},"transactionType":"PAYMENT","refundList":[{"refundTransactionId":${TRANSACTION}7,"transactionType":"PARTIAL_REFUND","refundAmount":-300,"refundTransactionDate":"2026-11-26T03:00:00Z"}]}]}`,
    };
    const answer = await client().details(TRANSACTION);
    expect(answer.info).toEqual([
      {
        transactionId: TRANSACTION,
        refundList: [
          { refundTransactionId: `${TRANSACTION}7`, refundAmount: -300, refundTransactionDate: '2026-11-26T03:00:00Z' },
        ],
      },
    ]);
    expect(linePay.requests[0]).toMatchObject({
      method: 'GET',
      path: `/v3/payments?transactionId=${TRANSACTION}`,
      body: '',
    });
    expect(linePay.requests[0]!.headers['x-line-authorization']).toBe(
      expectedSignature('/v3/payments', `transactionId=${TRANSACTION}`, 'n-1'),
    );
  });
});

describe('LINE Pay unavailable', () => {
  it('throws LinePayUnavailable on an HTTP error, an answer outside the protocol, or no server', async () => {
    reply = { status: 503, text: 'busy' };
    await expect(client().refund(TRANSACTION)).rejects.toBeInstanceOf(LinePayUnavailable);
    reply = { status: 200, text: '<html>maintenance</html>' };
    await expect(client().refund(TRANSACTION)).rejects.toBeInstanceOf(LinePayUnavailable);
    const nowhere = createLinePayClient({ baseUrl: 'http://127.0.0.1:9', channelId: CHANNEL, channelSecret: SECRET });
    await expect(nowhere.refund(TRANSACTION)).rejects.toBeInstanceOf(LinePayUnavailable);
  });

  it('reads ids as text only where LINE Pay puts transaction ids', () => {
    expect(parseLinePayJson(`{"transactionId":${TRANSACTION},"amount":1760}`)).toEqual({
      transactionId: TRANSACTION,
      amount: 1760,
    });
  });
});

describe('the LINE Pay simulator', () => {
  it('lists a payment’s refunds in Payment Details, as the refund job reads them after a lost answer', async () => {
    const simulator = createLinePaySimulator({
      channelId: CHANNEL,
      channelSecret: SECRET,
      publicUrl: 'https://shop.example.tw',
    });
    const sim = createLinePayClient({
      baseUrl: LINEPAY_SIMULATOR_API,
      channelId: CHANNEL,
      channelSecret: SECRET,
      fetch: simulator.api,
    });
    const reserved = await sim.request(order);
    const id = reserved.info!.transactionId;
    expect(simulator.decide(id, true)).not.toBeNull();
    expect((await sim.confirm(id, { amount: 1760, currency: 'TWD' })).returnCode).toBe('0000');
    expect((await sim.details(id)).info).toEqual([{ transactionId: id, refundList: [] }]);

    const refund = await sim.refund(id, { refundAmount: 300 });
    const listed = await sim.details(id);
    expect(listed.info![0]!.refundList).toEqual([
      {
        refundTransactionId: refund.info!.refundTransactionId,
        refundAmount: -300,
        refundTransactionDate: refund.info!.refundTransactionDate,
      },
    ]);
    // Signed by someone else: refused like any other call.
    const forged = createLinePayClient({
      baseUrl: LINEPAY_SIMULATOR_API,
      channelId: CHANNEL,
      channelSecret: 'x',
      fetch: simulator.api,
    });
    expect((await forged.details(id)).returnCode).toBe('1106');
  });
});
