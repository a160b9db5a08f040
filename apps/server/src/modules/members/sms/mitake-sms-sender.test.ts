import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { msg } from '@shop/domain';
import { useStandIn } from '../../../test/stand-in-server.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { MitakeSmsSender, parseMitakeReply } from './mitake-sms-sender.ts';
import { SmsSendError } from './sms-sender.ts';

/** A local stand-in for the Mitake SmSend endpoint: records each request, answers what the test says. */
let answer: { status: number; body: string; delayMs?: number } = { status: 200, body: '' };
const gateway = useStandIn(() => ({ ...answer, type: 'text/plain; charset=utf-8' }));
const gatewayUrl = () => `${gateway.url}/api/mtk/SmSend?CharsetURL=UTF-8`;
/** The requests as the gateway reads them. */
const received = () =>
  gateway.requests.map((r) => ({
    method: r.method,
    url: r.path,
    contentType: String(r.headers['content-type'] ?? ''),
    form: new URLSearchParams(r.body),
  }));

beforeEach(() => {
  answer = { status: 200, body: '[1]\r\nmsgid=1234567890\r\nstatuscode=1\r\nAccountPoint=98\r\n' };
});

const sender = (timeoutMs?: number) =>
  new MitakeSmsSender({ url: gatewayUrl(), username: 'shop-user', password: 'gateway-pass', timeoutMs });

describe('MitakeSmsSender', () => {
  it('posts one form-encoded UTF-8 request with the account, number, text and a client id', async () => {
    await sender().send('0912345678', '您的會員註冊驗證碼為 123456，10 分鐘內有效。');
    expect(received()).toHaveLength(1);
    const [r] = received();
    expect(r!.method).toBe('POST');
    expect(r!.url).toBe('/api/mtk/SmSend?CharsetURL=UTF-8');
    expect(r!.contentType).toContain('application/x-www-form-urlencoded');
    expect(r!.form.get('username')).toBe('shop-user');
    expect(r!.form.get('password')).toBe('gateway-pass');
    expect(r!.form.get('dstaddr')).toBe('0912345678');
    expect(r!.form.get('smbody')).toBe('您的會員註冊驗證碼為 123456，10 分鐘內有效。');
    expect(r!.form.get('clientid')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives every message its own client id (the gateway de-duplicates by it)', async () => {
    await sender().send('0912345678', 'a');
    await sender().send('0912345678', 'a');
    expect(received()[0]!.form.get('clientid')).not.toBe(received()[1]!.form.get('clientid'));
  });

  it('sends the caller’s client id, so a retry after a lost answer is one the gateway drops', async () => {
    await sender().send('0912345678', 'a', { clientId: 'om-42-1-0a1b2c3d' });
    await sender().send('0912345678', 'a', { clientId: 'om-42-1-0a1b2c3d' });
    expect(received().map((r) => r.form.get('clientid'))).toEqual(['om-42-1-0a1b2c3d', 'om-42-1-0a1b2c3d']);
    await expect(sender().send('0912345678', 'a', { clientId: 'x'.repeat(37) })).rejects.toThrow(/36/);
    expect(received()).toHaveLength(2);
  });

  it('answers the gateway’s msgid, also for a repeat it answered with Duplicate=Y', async () => {
    await expect(sender().send('0912345678', 'x')).resolves.toEqual({ messageId: '1234567890' });
    answer.body = '[1]\r\nmsgid=1234567890\r\nstatuscode=1\r\nAccountPoint=98\r\nDuplicate=Y\r\n';
    await expect(sender().send('0912345678', 'x', { clientId: 'same' })).resolves.toEqual({ messageId: '1234567890' });
  });

  it.each(['0', '1', '2', '4'])('accepts statuscode %s', async (code) => {
    answer.body = `[1]\nmsgid=1\nstatuscode=${code}\n`;
    await expect(sender().send('0912345678', 'x')).resolves.toEqual({ messageId: '1' });
  });

  it('says whether the gateway refused (a new client id may try again) or the answer was lost', async () => {
    answer = { status: 200, body: '[1]\nstatuscode=k\n' };
    await expect(sender().send('0912345678', 'x')).rejects.toMatchObject({ refused: true });
    answer = { status: 502, body: '' };
    await expect(sender().send('0912345678', 'x')).rejects.toMatchObject({ refused: false });
    answer = { status: 200, body: 'statuscode=1', delayMs: 500 };
    await expect(sender(100).send('0912345678', 'x')).rejects.toMatchObject({ refused: false });
  });

  it('gives up when the caller’s signal aborts', async () => {
    answer = { status: 200, body: 'statuscode=1', delayMs: 500 };
    const stop = new AbortController();
    const sending = sender().send('0912345678', 'x', { signal: stop.signal });
    await expect.poll(() => received().length).toBe(1);
    stop.abort();
    await expect(sending).rejects.toMatchObject({ name: 'SmsSendError', refused: false });
  });

  it.each<[string, { status: number; body: string; delayMs?: number }]>([
    ['a refusal (statuscode e: wrong account)', { status: 200, body: '[1]\nstatuscode=e\nError=帳號密碼錯誤\n' }],
    ['a refusal (statuscode k: invalid number)', { status: 200, body: '[1]\nstatuscode=k\n' }],
    ['a reply without a statuscode', { status: 200, body: 'hello' }],
    ['an HTTP 500', { status: 500, body: '' }],
    ['no answer in time', { status: 200, body: 'statuscode=1', delayMs: 500 }],
  ])('rejects with SmsSendError on %s', async (_name, reply) => {
    answer = reply;
    await expect(sender(100).send('0912345678', 'x')).rejects.toBeInstanceOf(SmsSendError);
  });

  it('rejects with SmsSendError when the gateway is unreachable', async () => {
    const closed = new MitakeSmsSender({
      url: 'http://127.0.0.1:9/SmSend',
      username: 'u',
      password: 'p',
      timeoutMs: 500,
    });
    await expect(closed.send('0912345678', 'x')).rejects.toBeInstanceOf(SmsSendError);
  });

  it('parses key=value reply lines', () => {
    expect(parseMitakeReply('[1]\r\nmsgid=#000000001\r\nstatuscode=1\r\nAccountPoint=98')).toEqual({
      msgid: '#000000001',
      statuscode: '1',
      AccountPoint: '98',
    });
  });
});

describe('sign-up codes through SMS_PROVIDER=mitake', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SMS_PROVIDER: 'mitake',
        SMS_MITAKE_URL: gatewayUrl(),
        SMS_MITAKE_USERNAME: 'shop-user',
        SMS_MITAKE_PASSWORD: 'gateway-pass',
      },
    });
  });
  afterAll(() => t?.close());

  const ask = (cellphone: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/get-member-register-verifacation-code/${cellphone}`,
      payload: { cellphone },
    });

  it('delivers the code through the gateway', async () => {
    const res = await ask('0912000001');
    expect(res.statusCode).toBe(200);
    expect(received()).toHaveLength(1);
    expect(received()[0]!.form.get('dstaddr')).toBe('0912000001');
    const code = /驗證碼為 (\d{6})/.exec(received()[0]!.form.get('smbody') ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(res.body).not.toContain(code);
  });

  it('answers 503 「簡訊發送失敗」 when the gateway refuses, and withdraws the code so the shopper may ask again at once', async () => {
    answer = { status: 200, body: '[1]\nstatuscode=e\n' };
    const refused = await ask('0912000002');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ code: 503, msg: msg.smsSendFailed });
    answer = { status: 200, body: '[1]\nstatuscode=1\n' };
    expect((await ask('0912000002')).statusCode).toBe(200);
  });
});
