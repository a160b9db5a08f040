import { contactPhoneText, type ContactUsInput } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import * as repo from './contact.repository.ts';

/** POST /contact-us: stores the (already validated) message with the sender's IP for abuse handling. */
export async function submitContactMessage(db: Db, input: ContactUsInput, ip: string) {
  const { phone_region: region = 'TW', ...message } = input;
  // The shop reads a foreign number with its dialling code (+852 91234567).
  const id = await repo.insertContactMessage(db, { ...message, phone: contactPhoneText(input.phone, region), ip });
  return { id };
}
