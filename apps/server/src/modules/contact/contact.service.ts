import type { ContactUsInput } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import * as repo from './contact.repository.ts';

/** POST /contact-us: stores the (already validated) message with the sender's IP for abuse handling. */
export async function submitContactMessage(db: Db, input: ContactUsInput, ip: string) {
  const id = await repo.insertContactMessage(db, { ...input, ip });
  return { id };
}
