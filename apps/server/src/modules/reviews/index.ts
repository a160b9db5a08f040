// What other modules may use of this one (issue 15 item 6: modules meet only through their index).
export { isUploadInReview } from './review-photos.ts';
