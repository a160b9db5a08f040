// Carts area (spec §7): a member's product and package cart lines on the server. Every path is scoped
// by the server to the token's member; `members_id` is sent because spec §7 names it.
import type {
  CartMergeAnswer,
  CartMergeInput,
  MemberCartLine,
  MemberPackageLine,
  PackageCartRow,
  ProductCartRow,
} from '@shop/domain';
import { apiGet, apiSend, type ApiFetch } from './client.ts';

export type { MemberCartLine, MemberPackageLine };

export const getMemberCart = (api: ApiFetch, memberId: number) =>
  apiGet<MemberCartLine[] | null>(api, `/shopping-carts-by-members-id/${memberId}`).then((l) => l ?? []);

export const getMemberPackageCart = (api: ApiFetch, memberId: number) =>
  apiGet<MemberPackageLine[] | null>(api, `/package-shopping-carts-by-members-id/${memberId}`).then((l) => l ?? []);

/** spec §4: the same product + spec sums into the existing line (the server does the merge). */
export const addMemberCartLine = (
  api: ApiFetch,
  line: { members_id: number; products_id: number; spec_id: number | null; qty: number },
) => apiSend<ProductCartRow>(api, 'POST', '/shopping-carts', line);

export const addMemberPackageLine = (
  api: ApiFetch,
  line: { members_id: number; product_packages_id: number; qty: number },
) => apiSend<PackageCartRow>(api, 'POST', '/package-shopping-carts', line);

/** Issue 20 item 11: a guest's lines join the member's cart in one call that says what each line kept. */
export const mergeGuestLines = (api: ApiFetch, body: CartMergeInput & { members_id: number }) =>
  apiSend<CartMergeAnswer>(api, 'POST', '/shopping-carts-merge', body);

export const updateMemberCartLine = (api: ApiFetch, id: number, body: { members_id: number; qty: number }) =>
  apiSend<ProductCartRow>(api, 'PUT', `/shopping-carts/${id}`, body);

export const updateMemberPackageLine = (api: ApiFetch, id: number, body: { members_id: number; qty: number }) =>
  apiSend<PackageCartRow>(api, 'PUT', `/package-shopping-carts/${id}`, body);

export const deleteMemberCartLine = (api: ApiFetch, id: number) =>
  apiSend<unknown>(api, 'DELETE', `/shopping-carts/${id}`);

export const deleteMemberPackageLine = (api: ApiFetch, id: number) =>
  apiSend<unknown>(api, 'DELETE', `/package-shopping-carts/${id}`);

export const clearMemberCart = (api: ApiFetch, memberId: number) =>
  apiSend<unknown>(api, 'DELETE', `/shopping-carts-by-members-id/${memberId}`);

export const clearMemberPackageCart = (api: ApiFetch, memberId: number) =>
  apiSend<unknown>(api, 'DELETE', `/package-shopping-carts-by-members-id/${memberId}`);
