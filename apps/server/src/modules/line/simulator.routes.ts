// LINE's consent page and the push log, played by the shop in simulator mode (issue 41): `npm start`
// shows the whole flow offline. The simulated LINE user is remembered in this browser's cookie, so
// the same browser is the same LINE account next time.
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { taipeiDateTime } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { escapeHtml, sendSimulatorPage, simulatorPage } from '../payments/index.ts';
import { LINE_USER_ID } from './id-token.ts';
import * as repo from './line-accounts.repository.ts';
import { LINE_SIMULATOR_PATH, type AuthorizeParams, type LineSimulator } from './line-simulator.ts';

const USER_COOKIE = 'line_simulator_user';
const PROVIDER = 'LINE';
const ROLE = { name: 'LINE 模擬器', plays: '的登入頁與官方帳號，不會連到真的 LINE' };

const newUserId = () => `U${randomBytes(16).toString('hex')}`;

function consentPage(nonce: string, p: AuthorizeParams, user: { id: string; name: string }, offerFollow: boolean) {
  const hidden = Object.entries({ ...p, botPrompt: p.botPrompt ? '1' : '' })
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(String(v))}">`)
    .join('\n');
  const follow = offerFollow
    ? `<div class="field"><label class="bank"><input type="checkbox" name="follow" value="1" checked> 加入商店的 LINE 官方帳號好友（接收訂單通知）</label></div>`
    : '';
  return simulatorPage(
    nonce,
    'LINE 登入',
    `<p class="brand">LINE Login 模擬</p>
<h1>LINE 登入</h1>
<form class="card" method="post" action="${LINE_SIMULATOR_PATH}/consent">
${hidden}
<input type="hidden" name="userId" value="${escapeHtml(user.id)}">
<p>商店要求取得您的 LINE 個人檔案（顯示名稱）與用戶識別碼。</p>
<div class="field"><label for="sim-name">LINE 顯示名稱</label>
<input type="text" id="sim-name" name="name" maxlength="40" value="${escapeHtml(user.name)}"></div>
<p class="hint">模擬的 LINE 帳號：${escapeHtml(user.id)}</p>
${follow}
<div class="actions">
<button class="primary" type="submit" name="action" value="allow">同意</button>
<button class="secondary" type="submit" name="action" value="cancel">取消</button>
</div>
</form>`,
    PROVIDER,
    ROLE,
  );
}

function refusedPage(nonce: string) {
  return simulatorPage(
    nonce,
    'LINE 登入要求無效',
    `<p class="brand">LINE Login 模擬</p>
<h1>LINE 登入要求無效</h1>
<div class="alert" role="alert">這個登入要求的參數不正確（channel、redirect_uri、PKCE 或 state）。請回到商店重新操作。</div>
<a class="back" href="/login">返回商店</a>`,
    PROVIDER,
    ROLE,
  );
}

function pushLogPage(nonce: string, simulator: LineSimulator) {
  const rows = simulator
    .pushes()
    .map(
      (p) =>
        `<li class="card"><p class="hint">${escapeHtml(taipeiDateTime(p.at))} → ${escapeHtml(p.to)}</p><p style="white-space:pre-line">${escapeHtml(p.text)}</p><p class="hint">X-Line-Retry-Key ${escapeHtml(p.retryKey)}</p></li>`,
    )
    .join('\n');
  return simulatorPage(
    nonce,
    'LINE 推播紀錄',
    `<p class="brand">LINE Messaging API 模擬</p>
<h1>LINE 推播紀錄</h1>
${rows ? `<ul aria-label="推播訊息" style="list-style:none;padding:0">${rows}</ul>` : '<p>尚無推播訊息。</p>'}
<a class="back" href="/">返回商店</a>`,
    PROVIDER,
    ROLE,
  );
}

export const lineSimulatorRoutes: FastifyPluginAsync<{
  simulator: LineSimulator | null;
  db: Db;
  now: () => Date;
}> = async (app, { simulator, db, now }) => {
  if (!simulator) return;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, new URLSearchParams(body as string));
  });
  const route = { config: { access: 'exempt' as const }, schema: { hide: true } };

  app.get(`${LINE_SIMULATOR_PATH}/oauth2/v2.1/authorize`, route, (req, reply) => {
    const params = simulator.readAuthorize(new URLSearchParams(req.url.split('?')[1] ?? ''));
    if (!params) return sendSimulatorPage(reply, 400, refusedPage);
    const known = req.cookies[USER_COOKIE];
    const id = known && LINE_USER_ID.test(known) ? known : newUserId();
    reply.setCookie(USER_COOKIE, id, {
      path: LINE_SIMULATOR_PATH,
      httpOnly: true,
      sameSite: 'lax',
      maxAge: 365 * 86_400,
    });
    const offerFollow = params.botPrompt && simulator.messagingOn;
    return sendSimulatorPage(reply, 200, (nonce) =>
      consentPage(nonce, params, { id, name: 'LINE 使用者' }, offerFollow),
    );
  });

  app.post(`${LINE_SIMULATOR_PATH}/consent`, route, async (req, reply) => {
    const form = req.body instanceof URLSearchParams ? req.body : new URLSearchParams();
    const params = simulator.readAuthorize(
      new URLSearchParams({
        response_type: 'code',
        client_id: form.get('clientId') ?? '',
        redirect_uri: form.get('redirectUri') ?? '',
        state: form.get('state') ?? '',
        nonce: form.get('nonce') ?? '',
        code_challenge: form.get('challenge') ?? '',
        code_challenge_method: 'S256',
        scope: 'openid profile',
        bot_prompt: form.get('botPrompt') ? 'aggressive' : '',
      }),
    );
    const userId = form.get('userId') ?? '';
    if (!params || !LINE_USER_ID.test(userId)) return sendSimulatorPage(reply, 400, refusedPage);
    // To the path only: the browser stays on the host name it uses (as the other simulators do).
    const back = new URL(params.redirectUri);
    back.search = '';
    back.searchParams.set('state', params.state);
    if (form.get('action') !== 'allow') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user has denied the request');
    } else {
      const name = (form.get('name') ?? '').trim().slice(0, 40) || 'LINE 使用者';
      back.searchParams.set('code', simulator.issueCode(params, { id: userId, name }));
      if (params.botPrompt && simulator.messagingOn && form.get('follow')) {
        // What LINE's follow webhook would tell the shop, recorded at once.
        await repo.recordFollow(db, userId, true, now(), now());
        back.searchParams.set('friendship_status_changed', 'true');
      }
    }
    return reply
      .code(303)
      .header('Cache-Control', 'no-store')
      .redirect(back.pathname + back.search, 303);
  });

  app.get(`${LINE_SIMULATOR_PATH}/push-log`, route, (_req, reply) =>
    sendSimulatorPage(reply, 200, (nonce) => pushLogPage(nonce, simulator)),
  );
};
