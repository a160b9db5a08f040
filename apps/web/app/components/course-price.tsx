import { formatNtd } from '@shop/domain';
import type { CourseFee } from '../lib/course-fee.ts';

/** A course's fee in NT$: the sale price, the list price struck through when higher (as product cards). */
export function CoursePrice({ fee }: { fee: CourseFee }) {
  if (fee.was === null) return <strong className="price">{formatNtd(fee.amount)}</strong>;
  return (
    <>
      <span className="visually-hidden">特價</span>
      <strong className="price price--sale">{formatNtd(fee.amount)}</strong>{' '}
      <span className="visually-hidden">原價</span>
      <del className="price price--was">{formatNtd(fee.was)}</del>
    </>
  );
}
