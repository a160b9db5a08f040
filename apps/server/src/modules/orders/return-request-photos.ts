// Apart from after-sales.service.ts because the uploads module asks this, and after-sales already
// asks the uploads module whose photos a return names: one file for both made them import each other.
import type { Db } from '../../db/client.ts';
import * as repo from './orders.repository.ts';

/** Whether a return request shows this upload (then it may not be deleted). */
export async function isUploadInReturnRequest(db: Db, name: string): Promise<boolean> {
  return repo.isPicInReturnRecords(db, name);
}
