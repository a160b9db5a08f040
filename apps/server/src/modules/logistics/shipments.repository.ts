// SQL of the shipments and their status notices (the logistics module's own tables).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { shipmentNotices, shipments } from '../../db/schema/index.ts';

type Handle = Db | Tx;
export type ShipmentRow = typeof shipments.$inferSelect;
export type NewShipmentRow = typeof shipments.$inferInsert;
export type ShipmentNoticeRow = typeof shipmentNotices.$inferSelect;

export async function insertShipment(tx: Tx, row: NewShipmentRow): Promise<ShipmentRow> {
  const [created] = await tx.insert(shipments).values(row).returning();
  return created!;
}

export async function findShipment(db: Handle, id: number): Promise<ShipmentRow | undefined> {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id));
  return row;
}

export async function lockShipment(tx: Tx, id: number): Promise<ShipmentRow | undefined> {
  const [row] = await tx.select().from(shipments).where(eq(shipments.id, id)).for('update');
  return row;
}

/** The order's pending or created shipment (at most one: uq_shipments_live_order). */
export async function findLiveShipment(db: Handle, orderId: number): Promise<ShipmentRow | undefined> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), inArray(shipments.state, ['pending', 'created'])));
  return row;
}

/** The order's latest shipment, whatever its state. */
export async function findLatestShipment(db: Handle, orderId: number): Promise<ShipmentRow | undefined> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, orderId))
    .orderBy(desc(shipments.id))
    .limit(1);
  return row;
}

export async function countShipmentsOfOrder(db: Handle, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(shipments)
    .where(eq(shipments.orderId, orderId));
  return row?.n ?? 0;
}

/** The created shipments of these orders (for their labels), oldest first. */
export async function findCreatedShipments(db: Handle, orderIds: readonly number[]): Promise<ShipmentRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(shipments)
    .where(and(inArray(shipments.orderId, [...orderIds]), eq(shipments.state, 'created')))
    .orderBy(asc(shipments.id));
}

export async function findShipmentByLogisticsId(db: Handle, allPayLogisticsId: string) {
  const [row] = await db.select().from(shipments).where(eq(shipments.allPayLogisticsId, allPayLogisticsId));
  return row;
}

export async function updateShipment(
  tx: Handle,
  id: number,
  change: Partial<NewShipmentRow>,
  now: Date,
): Promise<ShipmentRow> {
  const [row] = await tx
    .update(shipments)
    .set({ ...change, updatedAt: now })
    .where(eq(shipments.id, id))
    .returning();
  return row!;
}

/** Records a notice once: null when the same code and status date of this shipment came before. */
export async function insertNotice(
  tx: Tx,
  row: typeof shipmentNotices.$inferInsert,
): Promise<ShipmentNoticeRow | null> {
  const [created] = await tx.insert(shipmentNotices).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

export async function findNotices(db: Handle, shipmentId: number): Promise<ShipmentNoticeRow[]> {
  return db
    .select()
    .from(shipmentNotices)
    .where(eq(shipmentNotices.shipmentId, shipmentId))
    .orderBy(asc(shipmentNotices.id));
}
