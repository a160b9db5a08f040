// What the back office's pickers list (tags, bundles, home areas, recommended products): a few
// records by name or id, or exactly the chosen ids so a form can show their names.
import type { PickerOption } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import type { Wire } from '../../http/replies.ts';
import { containsPattern } from '../admin/index.ts';
import * as repo from './product-admin.repository.ts';

export interface PickerQuery {
  q?: string;
  ids?: number[];
}

const LIMIT = 20;

export async function productOptions(db: Db, query: PickerQuery): Promise<Wire<PickerOption>[]> {
  const rows = query.ids
    ? await repo.productSummaries(db, query.ids)
    : await repo.searchProductSummaries(
        db,
        containsPattern(query.q ?? ''),
        query.q && /^\d{1,9}$/.test(query.q) ? Number(query.q) : null,
        LIMIT,
      );
  const options = rows.map((r) => ({ id: r.id, name: r.name, pic: r.banner, price: r.onSalePrice, status: r.status }));
  // Chosen ids come back in the order they were asked for (the form's order).
  return query.ids ? query.ids.flatMap((id) => options.filter((o) => o.id === id)) : options;
}

export async function articleOptions(db: Db, query: PickerQuery): Promise<Wire<PickerOption>[]> {
  const rows = await repo.searchArticleSummaries(db, containsPattern(query.q ?? ''), query.ids ?? null, LIMIT);
  const options = rows.map((r) => ({ id: r.id, name: r.name, pic: r.banner, price: null, status: r.status }));
  return query.ids ? query.ids.flatMap((id) => options.filter((o) => o.id === id)) : options;
}
