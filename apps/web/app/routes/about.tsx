import { PageSection, SiteSection } from '@shop/domain';
import { data } from 'react-router';
import type { Route } from './+types/about';
import { orFallback } from '../api/client.ts';
import { sectionSlide } from '../lib/section-slide.ts';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { AreaBanner } from '../components/ui/area-banner.tsx';
import { Breadcrumb } from '../components/ui/breadcrumb.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { RichText } from '../components/ui/rich-text.tsx';
import { parseId } from '../lib/catalogue-query.ts';
import { imageUrl } from '../lib/image-url.ts';
import { seoMeta, type PageSeo } from '../lib/page-seo.ts';
import { PAGE_TITLE } from '../lib/page-titles.ts';
import { hrefWithQuery } from '../lib/referral-code.ts';
import { breadcrumbLd, jsonLdTexts } from '../lib/structured-data.ts';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, loaderData?.seo, PAGE_TITLE.about);

/** The about pages a shopper can open: 關於我們 and 企業合作 (the home-page text has its own section). */
const PAGE_SECTIONS: readonly number[] = [PageSection.AboutUs, PageSection.Business];

/**
 * spec §2 /about?id={about page id}: banner and the page's sanitised html, with the other about pages
 * as tabs. Without id, the first 關於我們 page. An unknown id answers 404 with the empty state.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { reads } = context;
  const idParam = url.searchParams.get('id');
  const [all, slide] = await Promise.all([
    orFallback(reads.aboutPages(), []),
    sectionSlide(reads, SiteSection.AboutUs),
  ]);
  const pages = all.filter((p) => PAGE_SECTIONS.includes(p.section));
  const wanted = idParam === null || idParam.trim() === '' ? null : parseId(idParam);
  const chosen =
    idParam === null || idParam.trim() === ''
      ? (pages.find((p) => p.section === PageSection.AboutUs) ?? pages[0])
      : all.find((p) => p.id === wanted);
  const banner = {
    title: slide?.title || PAGE_TITLE.about,
    subtitle: slide?.subtitle ?? 'About Us',
    image: slide?.pic ?? '',
  };
  const tabs = pages.map((p) => ({ id: p.id, title: p.title, href: hrefWithQuery('/about', { id: p.id }) }));
  if (!chosen) {
    const seo: PageSeo = {
      title: PAGE_TITLE.about,
      preview: { publicUrl: context.publicUrl, path: '/about', title: PAGE_TITLE.about },
      noindex: true,
    };
    return data({ seo, banner, tabs, page: null }, { status: 404 });
  }
  const path = hrefWithQuery('/about', { id: chosen.id });
  const seo: PageSeo = {
    title: chosen.title,
    preview: {
      publicUrl: context.publicUrl,
      path,
      title: chosen.title,
      description: chosen.content,
      image: chosen.pic || banner.image,
    },
    structuredData: jsonLdTexts(
      breadcrumbLd(context.publicUrl, [{ name: PAGE_TITLE.about, path: '/about' }, { name: chosen.title }], path),
    ),
  };
  return {
    seo,
    banner,
    tabs,
    page: { id: chosen.id, title: chosen.title, pic: chosen.pic, content: chosen.content },
  };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { banner, tabs, page } = loaderData;
  return (
    <div className="content-page">
      <AreaBanner title={banner.title} subtitle={banner.subtitle} image={banner.image} />
      <div className="container">
        <Breadcrumb items={[{ title: PAGE_TITLE.about, link: '/about' }, ...(page ? [{ title: page.title }] : [])]} />
        {tabs.length > 1 ? (
          <nav className="subtype-nav" aria-label="關於我們">
            <ul>
              {tabs.map((tab) => (
                <li key={tab.id}>
                  <ShopLink className="chip" to={tab.href} aria-current={tab.id === page?.id ? 'page' : undefined}>
                    {tab.title}
                  </ShopLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {page ? (
          <article className="article article--page">
            <h2 className="article__title">{page.title}</h2>
            {page.pic ? (
              <img
                className="article__banner"
                src={imageUrl(page.pic)}
                alt=""
                width={1200}
                height={630}
                loading="lazy"
              />
            ) : null}
            <RichText html={page.content} className="rich-text article__body" />
          </article>
        ) : (
          <EmptyState text="找不到此頁面" />
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
