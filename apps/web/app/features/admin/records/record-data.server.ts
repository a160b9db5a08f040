// Loading what the shared record pages need: the kind named by the URL and the lists its selects use.
import type { ApiFetch } from '../../../api/client.ts';
import { allOf } from '../catalogue-options.server.ts';
import { RECORD_KINDS, type RecordKind, type SourceRows } from './record-kinds.tsx';
import { isRecordPath } from './record-paths.ts';

/** `/admin/news/12` → the news kind; anything else is a 404. */
export function kindOf(url: URL): RecordKind {
  const segment = url.pathname.split('/')[2] ?? '';
  if (!isRecordPath(segment)) throw new Response(null, { status: 404 });
  return RECORD_KINDS[segment];
}

export async function loadSources(api: ApiFetch, kind: RecordKind): Promise<SourceRows> {
  const entries = await Promise.all(
    Object.entries(kind.sources ?? {}).map(async ([name, path]) => [name, await allOf(api, path)] as const),
  );
  return Object.fromEntries(entries);
}
