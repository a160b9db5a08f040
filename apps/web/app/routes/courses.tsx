import { PAGE_SIZE, parsePageParam, shopDay } from '@shop/domain';
import { data } from 'react-router';
import type { Route } from './+types/courses';
import { orFallback } from '../api/client.ts';
import { CoursePrice } from '../components/course-price.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { AreaBanner } from '../components/ui/area-banner.tsx';
import { Breadcrumb, type BreadcrumbItem } from '../components/ui/breadcrumb.tsx';
import { PagedCardList } from '../components/ui/paged-card-list.tsx';
import { parseId } from '../lib/catalogue-query.ts';
import { courseHref, courseListHref } from '../lib/content-links.ts';
import { courseFee } from '../lib/course-fee.ts';
import { courseTypeTabs, courseTypeTrail, type CourseTypeTab } from '../lib/course-type-tabs.ts';
import { imageUrl } from '../lib/image-url.ts';
import { listingSeo, readListingPage } from '../lib/listing-page.ts';
import { seoMeta, type PageSeo } from '../lib/page-seo.ts';
import { PAGE_TITLE } from '../lib/page-titles.ts';
import { hrefWithQuery } from '../lib/referral-code.ts';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, loaderData?.seo, PAGE_TITLE.courses);

const SIZE = PAGE_SIZE.courses;

/**
 * The shop's courses (docs/decisions/047): /courses lists the shown ones newest first (spec §9), 12 a
 * page; /courses?t={type id} those of one course type, a top-level type with its children's. An
 * unknown or hidden type answers 404 with the empty state, as a missing news item does.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { reads } = context;
  const types = await orFallback(reads.courseTypes(), []);
  const tParam = url.searchParams.get('t');
  const typeId = tParam === null || tParam.trim() === '' ? null : parseId(tParam);
  const type = typeId === null ? null : (types.find((t) => t.id === typeId) ?? null);
  const trail = courseTypeTrail(types, type?.id ?? null);
  const tabs = courseTypeTabs(types, type?.id ?? null);
  const banner = {
    title: type?.name ?? PAGE_TITLE.courses,
    subtitle: 'Courses',
    // A course type may carry a picture (the back office's 分類圖片): the chosen one's, else its parent's.
    image: [...trail].reverse().find((t) => t.pic)?.pic ?? '',
  };
  const crumbs: BreadcrumbItem[] = [
    { title: PAGE_TITLE.courses, ...(type ? { link: '/courses' } : {}) },
    ...trail.map((t, i) => ({ title: t.name, ...(i < trail.length - 1 ? { link: courseListHref(t.id) } : {}) })),
  ];

  if (tParam !== null && tParam.trim() !== '' && !type) {
    const seo: PageSeo = {
      title: PAGE_TITLE.courses,
      preview: { publicUrl: context.publicUrl, path: '/courses', title: PAGE_TITLE.courses },
      noindex: true,
    };
    return data(
      { seo, banner, crumbs, tabs, courses: [], total: 0, page: 1, empty: '找不到此課程分類' },
      { status: 404 },
    );
  }

  const { page, list } = await readListingPage(parsePageParam(url.searchParams.get('page') ?? undefined), (p) =>
    reads.coursePage(type?.id ?? null, p, SIZE),
  );
  const path = hrefWithQuery('/courses', { t: type?.id, page: page > 1 ? page : undefined });
  const title = type ? `${PAGE_TITLE.courses}｜${type.name}` : PAGE_TITLE.courses;
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  const seo = listingSeo(context.publicUrl, {
    title,
    path,
    names: list.items.map((c) => c.name),
    image: banner.image || list.items.find((c) => c.pic)?.pic,
    crumbs: [
      { name: PAGE_TITLE.courses, path: '/courses' },
      ...trail.map((t) => ({ name: t.name, path: courseListHref(t.id) })),
    ],
  });
  return {
    seo,
    banner,
    crumbs,
    tabs,
    courses: list.items.map((c) => ({
      id: c.id,
      name: c.name,
      pic: c.pic,
      type: c.course_type_id === null ? '' : (typeName.get(c.course_type_id) ?? ''),
      startDay: shopDay(c.start_date),
      location: c.location,
      fee: courseFee(c),
      href: courseHref(c),
    })),
    total: list.total,
    page,
    empty: type ? '此分類目前沒有課程' : '目前沒有開放報名的課程',
  };
}

function TypeChips({ label, tabs }: { label: string; tabs: CourseTypeTab[] }) {
  return (
    <nav className="subtype-nav" aria-label={label}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <ShopLink
              className="chip"
              to={tab.href}
              aria-current={tab.current === 'page' ? 'page' : tab.current === 'branch' ? 'true' : undefined}
            >
              {tab.name}
            </ShopLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function Courses({ loaderData }: Route.ComponentProps) {
  const { banner, crumbs, tabs, courses, total, page, empty } = loaderData;
  return (
    <div className="content-page">
      <AreaBanner title={banner.title} subtitle={banner.subtitle} image={banner.image} />
      <div className="container">
        <Breadcrumb items={crumbs} />
        {tabs.types.length > 1 ? <TypeChips label="課程分類" tabs={tabs.types} /> : null}
        {tabs.subtypes.length > 0 ? <TypeChips label="子分類" tabs={tabs.subtypes} /> : null}
        <PagedCardList
          items={courses}
          className="course-list"
          label="課程列表"
          total={total}
          size={SIZE}
          page={page}
          empty={empty}
          card={(course, index) => (
            <ShopLink className="course-card" to={course.href}>
              {course.pic ? (
                <img
                  className="course-card__image"
                  src={imageUrl(course.pic)}
                  alt=""
                  width={480}
                  height={320}
                  loading={index < 2 ? 'eager' : 'lazy'}
                  decoding="async"
                />
              ) : (
                <span className="course-card__image" />
              )}
              <div className="course-card__body">
                {course.type ? <p className="course-card__type">{course.type}</p> : null}
                <h2 className="course-card__title">{course.name}</h2>
                <p className="course-card__meta">
                  開課日期：
                  {course.startDay ? <time dateTime={course.startDay}>{course.startDay}</time> : '另行公告'}
                </p>
                {course.location ? <p className="course-card__meta">地點：{course.location}</p> : null}
                {course.fee ? (
                  <p className="course-card__price">
                    <CoursePrice fee={course.fee} />
                  </p>
                ) : null}
              </div>
            </ShopLink>
          )}
        />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
