// Apart from reviews.service.ts because the uploads module asks this, and reviews already ask the
// uploads module whose photos a review names: one file for both made them import each other.
import type { Db } from '../../db/client.ts';
import * as repo from './reviews.repository.ts';

/** Whether a review shows this upload (then it is kept: not deleted by its uploader, not swept). */
export function isUploadInReview(db: Db, name: string): Promise<boolean> {
  return repo.isPicInReviews(db, name);
}
