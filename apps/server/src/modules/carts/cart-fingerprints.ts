// What a member's cart holds, as one fingerprint (issue 43 item 3): the cart reminder compares it with
// the content it last reminded of, so the same content is never reminded twice.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

export interface CartFingerprint {
  memberId: number;
  /** md5 of the sorted lines (product, spec, package, qty); not a secret, only a comparison. */
  fingerprint: string;
  /** The latest time a line was added or its qty set. */
  lastLineAt: Date;
  /** Lines in the cart. */
  lines: number;
}

interface Row {
  member_id: number;
  fingerprint: string;
  last_line_at: Date | string;
  lines: number | string;
}

function query(memberId: number | null) {
  return sql`
    WITH lines AS (
      SELECT member_id, 'p' || product_id || ':' || coalesce(spec_id::text, '-') || 'x' || qty AS line, updated_at
      FROM shopping_carts
      UNION ALL
      SELECT member_id, 'k' || product_package_id || 'x' || qty AS line, updated_at
      FROM package_shopping_carts
    )
    SELECT l.member_id, md5(string_agg(l.line, ',' ORDER BY l.line)) AS fingerprint,
           max(l.updated_at) AS last_line_at, count(*) AS lines
    FROM lines l
    JOIN members m ON m.id = l.member_id AND m.cart_reminders AND m.status = 1
    ${memberId === null ? sql`` : sql`WHERE l.member_id = ${memberId}`}
    GROUP BY l.member_id
    ORDER BY l.member_id`;
}

function toFingerprint(r: Row): CartFingerprint {
  return {
    memberId: Number(r.member_id),
    fingerprint: r.fingerprint,
    lastLineAt: new Date(r.last_line_at),
    lines: Number(r.lines),
  };
}

/** Every non-empty cart of an active member who takes reminders. */
export async function cartFingerprints(db: Db | Tx): Promise<CartFingerprint[]> {
  // Both drivers answer raw statements with `rows` (node-postgres QueryResult, PGlite Results).
  const result = (await db.execute(query(null))) as unknown as { rows: Row[] };
  return result.rows.map(toFingerprint);
}

/** The member's cart now; undefined when it is empty (or they turned reminders off). */
export async function cartFingerprintOf(db: Db | Tx, memberId: number): Promise<CartFingerprint | undefined> {
  const result = (await db.execute(query(memberId))) as unknown as { rows: Row[] };
  return result.rows.map(toFingerprint)[0];
}
