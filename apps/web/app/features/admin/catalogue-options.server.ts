// Choices the catalogue forms offer (types, package types, categories), read from the admin API.
import type { ApiFetch } from '../../api/client.ts';
import { adminGet } from './admin-api.server.ts';
import type { TypeRow } from './type-tree.ts';

/** All rows of a small list (types, categories): one page of 100 is the whole list. */
export async function allOf(api: ApiFetch, path: string): Promise<TypeRow[]> {
  return (await adminGet<TypeRow[]>(api, `${path}${path.includes('?') ? '&' : '?'}size=100&sort=index_id`)).data;
}
