import { shopDay } from '@shop/domain';
import { data } from 'react-router';
import type { Route } from './+types/course-detail';
import { orFallback } from '../api/client.ts';
import { CoursePrice } from '../components/course-price.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { Breadcrumb, type BreadcrumbItem } from '../components/ui/breadcrumb.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { RichText } from '../components/ui/rich-text.tsx';
import { parseId } from '../lib/catalogue-query.ts';
import { courseHref, courseListHref } from '../lib/content-links.ts';
import { courseFee } from '../lib/course-fee.ts';
import { courseTypeTrail } from '../lib/course-type-tabs.ts';
import { imageUrl } from '../lib/image-url.ts';
import { summaryText } from '../lib/link-preview.ts';
import { seoMeta, type PageSeo } from '../lib/page-seo.ts';
import { PAGE_TITLE } from '../lib/page-titles.ts';
import { breadcrumbLd, jsonLdTexts } from '../lib/structured-data.ts';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, loaderData?.seo, PAGE_TITLE.courses);

const crumbs: BreadcrumbItem[] = [{ title: PAGE_TITLE.courses, link: '/courses' }];

/** A course at /courses/{id} (docs/decisions/047); hidden or unknown ids answer 404 with the empty state, as news. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { reads } = context;
  const id = parseId(params.id ?? null);
  const course = id === null ? null : await reads.course(id);
  if (!course) {
    const seo: PageSeo = {
      title: PAGE_TITLE.courses,
      preview: { publicUrl: context.publicUrl, path: '/courses', title: PAGE_TITLE.courses },
      noindex: true,
    };
    return data({ course: null, seo }, { status: 404 });
  }
  const types = await orFallback(reads.courseTypes(), []);
  const trail = courseTypeTrail(types, course.course_type_id);
  const path = courseHref(course);
  const description = summaryText(course.description, 150);
  const seo: PageSeo = {
    title: course.name,
    preview: {
      publicUrl: context.publicUrl,
      path,
      title: course.name,
      description,
      image: course.pic || undefined,
      imageAlt: course.name,
    },
    structuredData: jsonLdTexts(
      breadcrumbLd(
        context.publicUrl,
        [
          { name: PAGE_TITLE.courses, path: '/courses' },
          ...trail.map((t) => ({ name: t.name, path: courseListHref(t.id) })),
          { name: course.name },
        ],
        path,
      ),
    ),
  };
  return {
    seo,
    course: {
      id: course.id,
      name: course.name,
      pic: course.pic,
      types: trail.map((t) => ({ id: t.id, name: t.name, href: courseListHref(t.id) })),
      startDay: shopDay(course.start_date),
      location: course.location,
      fee: courseFee(course),
      description: course.description,
    },
  };
}

export default function CourseDetail({ loaderData }: Route.ComponentProps) {
  const { course } = loaderData;
  if (!course) {
    return (
      <div className="container content-page">
        <Breadcrumb items={crumbs} />
        <h1 className="visually-hidden">{PAGE_TITLE.courses}</h1>
        <EmptyState text="找不到此課程，可能已下架" />
      </div>
    );
  }
  const type = course.types.at(-1);
  return (
    <div className="container content-page">
      <Breadcrumb
        items={[...crumbs, ...course.types.map((t) => ({ title: t.name, link: t.href })), { title: course.name }]}
      />
      <article className="course">
        <div className="course__intro">
          {course.pic ? (
            <img
              className="course__picture"
              src={imageUrl(course.pic)}
              alt={course.name}
              width={960}
              height={640}
              fetchPriority="high"
            />
          ) : null}
          <div className="course__summary">
            <h1 className="course__title">{course.name}</h1>
            <section className="course__facts" aria-label="課程資訊">
              <dl>
                {type ? (
                  <div>
                    <dt>課程分類</dt>
                    <dd>
                      <ShopLink to={type.href}>{type.name}</ShopLink>
                    </dd>
                  </div>
                ) : null}
                <div>
                  <dt>開課日期</dt>
                  <dd>{course.startDay ? <time dateTime={course.startDay}>{course.startDay}</time> : '另行公告'}</dd>
                </div>
                {course.location ? (
                  <div>
                    <dt>上課地點</dt>
                    <dd>{course.location}</dd>
                  </div>
                ) : null}
                {course.fee ? (
                  <div>
                    <dt>課程費用</dt>
                    <dd className="course__price">
                      <CoursePrice fee={course.fee} />
                    </dd>
                  </div>
                ) : null}
              </dl>
            </section>
            <p className="course__enquiry">
              報名或詢問課程，請<ShopLink to="/contact">聯絡我們</ShopLink>。
            </p>
          </div>
        </div>
        {course.description ? (
          <section className="course__about" aria-labelledby="course-about">
            <h2 id="course-about">課程介紹</h2>
            <RichText html={course.description} className="rich-text article__body" />
          </section>
        ) : null}
        <p className="article__back">
          <ShopLink to="/courses">← 回課程列表</ShopLink>
        </p>
      </article>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
