// What a course costs, as its pages show it (docs/decisions/047). A course's prices are NT$ integers
// (spec §3 leaves the fields out; the back office keeps price and on_sale_price as products do).

export interface CourseFee {
  /** What the shopper pays. */
  amount: number;
  /** The list price, struck through, when the course is on sale below it. */
  was: number | null;
}

/** The sale price (else the list price), and the list price when higher; null when the course has no price. */
export function courseFee(course: { price: number; on_sale_price: number }): CourseFee | null {
  const amount = course.on_sale_price > 0 ? course.on_sale_price : course.price;
  if (!(amount > 0)) return null;
  return { amount, was: course.price > amount ? course.price : null };
}
