// Where news, sharing-zone and course cards point. One place, like catalogue-links.ts.
import { hrefWithQuery } from './referral-code.ts';

/** /news/{id}: one clean URL per news item (docs/decisions/017). */
export const newsHref = (news: { id: number }) => `/news/${news.id}`;

/** An article of the sharing zone: /recommended?t={category id}&id={article id} (as the home page links it). */
export const articleHref = (article: { id: number; category_id?: number | null }) =>
  hrefWithQuery('/recommended', { t: article.category_id ?? undefined, id: article.id });

/** /courses/{id}: one clean URL per course, as news has (docs/decisions/047). */
export const courseHref = (course: { id: number }) => `/courses/${course.id}`;

/** /courses, or /courses?t={type id} for one course type (as /products?t= and /recommended?t=). */
export const courseListHref = (typeId?: number | null) => hrefWithQuery('/courses', { t: typeId ?? undefined });
