import type { ContactUsInput } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';

export async function insertContactMessage(db: Db, message: ContactUsInput & { ip: string }): Promise<number> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return row!.id;
}
