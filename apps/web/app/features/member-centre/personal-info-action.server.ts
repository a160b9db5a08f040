// The actions of /member/personal-info, run on the server with the member's token from the cookie:
// a profile save rewrites the member cookie, a password change the auth cookie (every other login
// of the member ended; this browser got a new pair). SameSite=Lax keeps other sites from posting here
// with the member's cookies.
import { data } from 'react-router';
import { msg, type MemberUpdateInput } from '@shop/domain';
import { ApiError, TOKEN_INVALID_MSG, type ApiFetch } from '../../api/client.ts';
import { changePassword, updateMember } from '../../api/members.ts';
import { AUTH_COOKIE, MEMBER_COOKIE, cookieString, memberCookieOf } from '../auth/auth-cookies.ts';
import { requireMemberId, secureRequest } from './member-session.server.ts';
import { readForm } from '../../lib/form-post.server.ts';

export type PersonalInfoIntent = 'profile' | 'password';

export interface PersonalInfoResult {
  intent: PersonalInfoIntent;
  ok: boolean;
  message: string;
  errors?: Array<{ field: string; msg: string }>;
  /** The token expired meanwhile: the page refreshes it (spec §4) and the member sends again. */
  tokenExpired?: boolean;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
};

function failed(intent: PersonalInfoIntent, error: unknown): PersonalInfoResult {
  if (error instanceof ApiError) {
    const tokenExpired = error.status === 401 && error.message === TOKEN_INVALID_MSG;
    return {
      intent,
      ok: false,
      message: tokenExpired ? '登入已逾時，正在為您重新驗證，請稍後再送出一次' : error.message,
      errors: error.errors,
      ...(tokenExpired ? { tokenExpired } : {}),
    };
  }
  return { intent, ok: false, message: intent === 'profile' ? '資料儲存失敗，請稍後再試' : '密碼變更失敗，請稍後再試' };
}

export async function personalInfoAction(request: Request, url: URL, api: ApiFetch) {
  const id = requireMemberId(request, url);
  const form = await readForm(request);
  const intent = text(form, 'intent');
  const secure = secureRequest(request);

  if (intent === 'profile') {
    const gender = Number(text(form, 'gender'));
    const body: MemberUpdateInput = {
      name: text(form, 'name') ?? '',
      city: text(form, 'city') ?? '',
      area: text(form, 'area') ?? '',
      address: text(form, 'address') ?? '',
      email: text(form, 'email') ?? '',
      // Issue 43 item 3: the member's own switch for cart reminders (a checkbox: 'on' or absent).
      ...(text(form, 'cart_reminders_sent') === '1' ? { cart_reminders: text(form, 'cart_reminders') === 'on' } : {}),
      ...(gender === 1 || gender === 2 ? { gender } : {}),
    };
    try {
      const member = await updateMember(api, id, body);
      const result: PersonalInfoResult = { intent, ok: true, message: msg.profileSaved };
      return data(result, { headers: { 'Set-Cookie': cookieString(MEMBER_COOKIE, memberCookieOf(member), secure) } });
    } catch (error) {
      return data(failed(intent, error), { status: 400 });
    }
  }

  if (intent === 'password') {
    try {
      const fresh = await changePassword(api, id, {
        old_password: text(form, 'old_password') ?? '',
        password: text(form, 'password') ?? '',
      });
      const result: PersonalInfoResult = { intent, ok: true, message: msg.passwordChanged };
      return data(result, {
        headers: { 'Set-Cookie': cookieString(AUTH_COOKIE, { id: fresh.id, token: fresh.token }, secure) },
      });
    } catch (error) {
      return data(failed(intent, error), { status: 400 });
    }
  }

  return data<PersonalInfoResult>({ intent: 'profile', ok: false, message: msg.badRequest }, { status: 400 });
}
