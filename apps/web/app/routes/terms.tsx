import { BrandPosition, SiteSection } from '@shop/domain';
import { data, redirect } from 'react-router';
import type { Route } from './+types/terms';
import { orFallback } from '../api/client.ts';
import type { CommonQuestion } from '@shop/domain';
import { sectionSlide } from '../lib/section-slide.ts';
import { MEMBER_CENTRE_LINKS } from '../components/layout/side-menu.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { AreaBanner } from '../components/ui/area-banner.tsx';
import { Breadcrumb } from '../components/ui/breadcrumb.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { RichText } from '../components/ui/rich-text.tsx';
import { seoMeta, type PageSeo } from '../lib/page-seo.ts';
import { PAGE_TITLE } from '../lib/page-titles.ts';
import { currentReferralCode, hrefWithQuery, withReferralCode } from '../lib/referral-code.ts';
import { breadcrumbLd, jsonLdTexts } from '../lib/structured-data.ts';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, loaderData?.seo, PAGE_TITLE.terms);

/** spec §2: /terms/members, /shopping, /service and /privacy show the text of a brand position; /problem the common questions. */
const PAGES = {
  members: { position: BrandPosition.Member, title: '會員說明' },
  shopping: { position: BrandPosition.Shopping, title: '購物須知' },
  service: { position: BrandPosition.Terms, title: '服務條款' },
  privacy: { position: BrandPosition.Privacy, title: '隱私權聲明' },
  problem: { position: null, title: '常見問題' },
} as const;
type TermsPage = keyof typeof PAGES;

// Own keys only: `in` would also take /terms/constructor or /terms/toString for pages.
const isTermsPage = (value: string | undefined): value is TermsPage =>
  value !== undefined && Object.hasOwn(PAGES, value);

export async function loader({ url, params, context }: Route.LoaderArgs) {
  // /terms (spec §2: present, detail not shown) opens the first page; a subpage it does not have is
  // not found (decision 075).
  if (params.page === undefined) {
    return redirect(withReferralCode(MEMBER_CENTRE_LINKS[0]!.to, currentReferralCode(url)));
  }
  if (!isTermsPage(params.page)) throw data(null, { status: 404 });
  const { position, title } = PAGES[params.page];
  const { reads } = context;
  const [slide, text, questions] = await Promise.all([
    sectionSlide(reads, SiteSection.Service),
    position === null ? null : orFallback(reads.termsText(position), null),
    position === null ? orFallback(reads.commonQuestions(), [] as CommonQuestion[]) : [],
  ]);
  // The brand position query (t) of spec §2 is part of each link; the path alone names the page.
  const path = position === null ? `/terms/${params.page}` : hrefWithQuery(`/terms/${params.page}`, { t: position });
  const empty = position === null ? questions.length === 0 : !text;
  const seo: PageSeo = {
    title,
    preview: {
      publicUrl: context.publicUrl,
      path,
      title,
      description: text?.content ?? questions.map((q) => q.question).join(' '),
    },
    noindex: empty,
    structuredData: jsonLdTexts(breadcrumbLd(context.publicUrl, [{ name: PAGE_TITLE.terms }, { name: title }], path)),
  };
  const page = {
    seo,
    current: params.page,
    title,
    banner: {
      // The Service slide's title (會員中心 in the demo) names the whole section; each guide page
      // heads with its own name so 常見問題 does not read as the member centre (issue 20 item 5).
      title,
      subtitle: slide?.subtitle ?? 'Service',
      image: slide?.pic ?? '',
    },
    html: text?.content ?? '',
    updatedAt: text?.updated_at ?? null,
    questions: questions.map((q) => ({ id: q.id, question: q.question, answer: q.answer })),
  };
  return empty ? data(page, { status: 404 }) : page;
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { banner, title, html, questions, current } = loaderData;
  const isProblem = current === 'problem';
  return (
    <div className="content-page">
      <AreaBanner title={banner.title} subtitle={banner.subtitle} image={banner.image} />
      <div className="container">
        <Breadcrumb items={[{ title: PAGE_TITLE.terms }, { title }]} />
        <div className="terms-layout">
          <nav className="terms-nav" aria-label={PAGE_TITLE.terms}>
            <ul>
              {MEMBER_CENTRE_LINKS.map((link) => (
                <li key={link.to}>
                  <ShopLink
                    className="chip"
                    to={link.to}
                    aria-current={link.to.startsWith(`/terms/${current}`) ? 'page' : undefined}
                  >
                    {link.label}
                  </ShopLink>
                </li>
              ))}
            </ul>
          </nav>
          <article className="article article--page">
            <h2 className="article__title">{title}</h2>
            {isProblem ? (
              questions.length > 0 ? (
                <div className="faq">
                  {questions.map((q) => (
                    <details key={q.id} className="faq__item">
                      <summary className="faq__question">{q.question}</summary>
                      <RichText html={q.answer} className="rich-text faq__answer" />
                    </details>
                  ))}
                </div>
              ) : (
                <EmptyState text="目前沒有常見問題" />
              )
            ) : html ? (
              <RichText html={html} className="rich-text article__body" />
            ) : (
              <EmptyState text="內容準備中，敬請期待" />
            )}
          </article>
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
