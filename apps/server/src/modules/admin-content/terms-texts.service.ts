// The terms pages (issue 7 item 3): one text per brand position (docs/decisions/002: 1 Member,
// 2 Shopping, 3 Terms, 4 Privacy), shown at /terms/members, /shopping, /service and /privacy.
import { BrandPosition, VERSION_CONFLICT_MSG, brandPositionLabel, type TermsTextInput } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { Conflict } from '../../errors.ts';
import { sanitizeRichText } from '../../http/rich-text.ts';
import { recordAudit, type Actor } from '../admin/index.ts';
import * as repo from './admin-content.repository.ts';

const POSITIONS = Object.values(BrandPosition);

function toJson(position: number, row: repo.TermsTextRow | undefined) {
  return {
    position,
    label: brandPositionLabel[position as BrandPosition],
    id: row?.id ?? null,
    title: row?.title ?? '',
    content: row?.content ?? '',
    updated_at: row?.updatedAt.toISOString() ?? null,
    /** 0 = the position has no text yet; saving creates it. */
    version: row?.version ?? 0,
  };
}

/** GET /admin/terms-texts: every position, written or not. */
export async function listTermsTexts(db: Db) {
  const rows = await repo.findTermsTexts(db);
  return POSITIONS.map((position) =>
    toJson(
      position,
      rows.find((r) => r.position === position),
    ),
  );
}

export async function getTermsText(db: Db, position: number) {
  return (await listTermsTexts(db)).find((t) => t.position === position)!;
}

/** PUT /admin/terms-texts/{position}: the version the form read; 0 creates the position's text. */
export async function saveTermsText(db: Db, actor: Actor, position: number, input: TermsTextInput, now: Date) {
  const values = { title: input.title, content: sanitizeRichText(input.content), updatedAt: now };
  try {
    await db.transaction(async (tx) => {
      const before = await repo.lockTermsText(tx, position);
      if ((before?.version ?? 0) !== input.version) throw new Conflict(VERSION_CONFLICT_MSG);
      const after = before
        ? await repo.updateTermsText(tx, before.id, values)
        : await repo.insertTermsText(tx, { position, ...values });
      await recordAudit(tx, {
        staffId: actor.id,
        action: before ? 'update' : 'create',
        entity: 'terms_texts',
        entityId: after.id,
        before,
        after,
      });
    });
  } catch (err) {
    // Two first saves of one position at once: the unique position lets one in, the other is stale.
    const code =
      (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') throw new Conflict(VERSION_CONFLICT_MSG);
    throw err;
  }
  return getTermsText(db, position);
}
