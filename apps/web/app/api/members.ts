// Members area (spec §7 Auth/members): login, tokens, sign-up, the forgotten password, the member's
// own profile and downline. Shapes follow apps/server/src/modules/members.
import type {
  AuthAnswer,
  AuthToken,
  CodeSent,
  DownlineBonus,
  InfluencerRelation,
  LoginInput,
  MemberProfile,
  MemberUpdateInput,
  PasswordChangeInput,
  ResetPasswordInput,
  SignupInput,
} from '@shop/domain';
import { apiGet, apiGetPage, apiSend, type ApiFetch } from './client.ts';

export type { AuthAnswer, CodeSent, DownlineBonus, MemberProfile };

export const logInMember = (api: ApiFetch, input: LoginInput) =>
  apiSend<AuthAnswer>(api, 'POST', '/members/auth', input);

export const refreshTokens = (api: ApiFetch, refreshToken: string) =>
  apiSend<AuthToken>(api, 'POST', '/members/auth/refresh', { refresh_token: refreshToken });

export const logOutMember = (api: ApiFetch, refreshToken: string) =>
  apiSend<null>(api, 'POST', '/members/auth/logout', { refresh_token: refreshToken });

export const memberExists = (api: ApiFetch, account: string) =>
  apiSend<{ exist: boolean }>(api, 'POST', '/members-exist', { account });

export const hiddenMemberName = (api: ApiFetch, account: string) =>
  apiGet<{ name: string }>(api, `/members-hidden-name-by-account/${encodeURIComponent(account)}`);

export const sendSignupCode = (api: ApiFetch, cellphone: string) =>
  apiSend<CodeSent>(api, 'POST', `/get-member-register-verifacation-code/${encodeURIComponent(cellphone)}`, {
    cellphone,
  });

export const signUp = (api: ApiFetch, input: SignupInput) => apiSend<AuthAnswer>(api, 'POST', '/members-signup', input);

export const sendResetCode = (api: ApiFetch, account: string) =>
  apiSend<CodeSent>(api, 'POST', '/members-forgot-password', { account });

export const resetPassword = (api: ApiFetch, input: ResetPasswordInput) =>
  apiSend<null>(api, 'POST', '/members-forgot-password/reset', input);

export const getMember = (api: ApiFetch, id: number) => apiGet<MemberProfile>(api, `/members/${id}`);

export const updateMember = (api: ApiFetch, id: number, input: MemberUpdateInput) =>
  apiSend<MemberProfile>(api, 'PUT', `/members/${id}`, input);

export const changePassword = (api: ApiFetch, id: number, input: PasswordChangeInput) =>
  apiSend<{ id: number; token: AuthToken }>(api, 'PUT', `/members/${id}/password`, input);

export const getDownlineBonus = (api: ApiFetch, account: string, month?: string) =>
  apiGet<DownlineBonus>(
    api,
    `/members-find-2-level-by-account-with-calc-approve-revenue-bonus/${encodeURIComponent(account)}${
      month ? `?month=${encodeURIComponent(month)}` : ''
    }`,
  );

/** The influencer's recommended products (the same list as their /coop/{code} page). */
export const getInfluencerRelations = (api: ApiFetch, code: string, page = 1) =>
  apiGetPage<InfluencerRelation>(
    api,
    `/member-product-relation-by-internet-celebrity-code/${encodeURIComponent(code)}?page=${page}`,
  );
