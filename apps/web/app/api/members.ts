// Members area (spec §7 Auth/members): what the checkout and after-sales forms read of the member.
import { apiGet, type ApiFetch } from './client.ts';
import type { Member } from './types.ts';

/** GET /members/{id}: the logged-in member (name, cell phone, address, bonus points). */
export const getMember = (api: ApiFetch, memberId: number) => apiGet<Member>(api, `/members/${memberId}`);
