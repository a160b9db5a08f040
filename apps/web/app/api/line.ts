// LINE (issue 41): what the shop offers, the member's LINE link and choice of channel, and the LINE
// account a LINE login left waiting. Shapes follow apps/server/src/modules/line.
import type { LineOptions, MemberLine, MemberLineChoice } from '@shop/domain';
import { apiGet, apiSend, type ApiFetch } from './client.ts';

export type { LineOptions, MemberLine };

export const getLineOptions = (api: ApiFetch) => apiGet<LineOptions>(api, '/line/options');

export const getLinePending = (api: ApiFetch) => apiGet<{ display_name: string }>(api, '/line/pending');

export const getMemberLine = (api: ApiFetch, id: number) => apiGet<MemberLine>(api, `/members/${id}/line`);

/** Links the LINE account waiting in this browser's cookie to the member. */
export const linkPendingLine = (api: ApiFetch, id: number) => apiSend<MemberLine>(api, 'POST', `/members/${id}/line`);

export const unlinkLine = (api: ApiFetch, id: number) => apiSend<MemberLine>(api, 'DELETE', `/members/${id}/line`);

export const chooseLineChannel = (api: ApiFetch, id: number, choice: MemberLineChoice) =>
  apiSend<MemberLine>(api, 'PUT', `/members/${id}/line`, choice);

/** Where 「LINE 登入」 and 「綁定 LINE」 go: the server's LINE Login start, then back to `returnTo`. */
export const lineLoginHref = (returnTo: string) => `/auth/line?redirect=${encodeURIComponent(returnTo)}`;
