import { SiteSection } from '@shop/domain';
import { Suspense } from 'react';
import { Await } from 'react-router';
import type { Route } from './+types/home';
import { useRootData } from '../root-data.ts';
import { orFallback } from '../api/client.ts';
import { BannerSlider, type BannerSlide } from '../components/home/banner-slider.tsx';
import { HomeArea, SectionHeading } from '../components/home/home-area.tsx';
import { OrderLookupForm } from '../components/home/order-lookup-form.tsx';
import { KeywordSearch } from '../components/keyword-search.tsx';
import { ProductCard, toProductCard, type CatalogueCard } from '../components/product-card.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { LoadingSpinner } from '../components/ui/loading-spinner.tsx';
import { contactAction } from '../features/contact/contact-action.server.ts';
import { ContactForm } from '../features/contact/contact-form.tsx';
import { bundleHref, packageHref, productHref } from '../lib/catalogue-links.ts';
import { buildHomeSections, homeAreaIds } from '../lib/home-sections.ts';
import { imageUrl } from '../lib/image-url.ts';
import { pageMeta } from '../lib/page-meta.ts';

const LATEST_PRODUCTS = 8;
const LATEST_PACKAGES = 4;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '首頁');

export async function loader({ context }: Route.LoaderArgs) {
  const { reads } = context;
  // Above the fold and for search engines: banner and home areas are awaited.
  const [carousels, areas] = await Promise.all([orFallback(reads.carousels(), []), orFallback(reads.indexAreas(), [])]);
  const ids = homeAreaIds(areas);
  const [hotProducts, articles] = await Promise.all([
    ids.hot.length
      ? orFallback(
          reads.products({ ids: ids.hot }).then((list) => list.items),
          [],
        )
      : [],
    ids.reviews.length ? orFallback(reads.articles(), []) : [],
  ]);
  const slides: BannerSlide[] = carousels
    .filter((c) => c.position === SiteSection.Index)
    .map(({ id, pic, link, title, subtitle }) => ({ id, pic, link, title, subtitle }));

  // Below the fold: streamed in after the first paint. Deferred promises never reject (empty lists).
  const latest: Promise<CatalogueCard[]> = orFallback(
    reads
      .products({ page: 1, size: LATEST_PRODUCTS })
      .then(({ items }) => items.map((p) => toProductCard(p, productHref(p)))),
    [],
  );
  const packages: Promise<CatalogueCard[]> = orFallback(
    reads.packages().then((list) => list.slice(0, LATEST_PACKAGES).map((p) => toProductCard(p, packageHref(p), 'pkg'))),
    [],
  );
  return { slides, sections: buildHomeSections(areas, hotProducts, articles), latest, packages };
}

/** The contact form posted without JavaScript (or before hydration). */
export async function action({ request, context }: Route.ActionArgs) {
  return contactAction(request, context);
}

function CardGrid({ cards }: { cards: CatalogueCard[] }) {
  return (
    <ul className="card-grid">
      {cards.map((card) => (
        <li key={card.key}>
          <ProductCard card={card} />
        </li>
      ))}
    </ul>
  );
}

function DeferredCards({
  id,
  title,
  eyebrow,
  more,
  cards,
}: {
  id: string;
  title: string;
  eyebrow: string;
  more: { to: string; label: string };
  cards: Promise<CatalogueCard[]>;
}) {
  return (
    <section className="home-section container" aria-labelledby={id}>
      <SectionHeading id={id} eyebrow={eyebrow} title={title} more={more} />
      <Suspense fallback={<LoadingSpinner />}>
        <Await resolve={cards}>{(list) => (list.length ? <CardGrid cards={list} /> : null)}</Await>
      </Suspense>
    </section>
  );
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { slides, sections, latest, packages } = loaderData;
  const root = useRootData();
  const bundles = root?.bundles ?? [];
  return (
    <div className="home">
      <h1 className="visually-hidden">{root?.settings?.website_title || '首頁'}</h1>
      <BannerSlider slides={slides} />

      {sections.map((section) => (
        <HomeArea key={section.key} section={section} />
      ))}

      <DeferredCards
        id="home-latest"
        eyebrow="New arrivals"
        title="新品上架"
        more={{ to: '/products?all=1', label: '全部商品' }}
        cards={latest}
      />
      <DeferredCards
        id="home-packages"
        eyebrow="Gift sets"
        title="精選組合"
        more={{ to: '/products', label: '看更多組合' }}
        cards={packages}
      />

      {bundles.length > 0 ? (
        <section className="home-section container" aria-labelledby="home-bundles">
          <SectionHeading
            id="home-bundles"
            eyebrow="Promotions"
            title="優惠活動"
            more={{ to: '/bundles', label: '全部優惠' }}
          />
          <ul className="bundle-grid">
            {bundles.map((bundle) => (
              <li key={bundle.id}>
                <ShopLink className="bundle-card" to={bundleHref(bundle)}>
                  {bundle.banner ? (
                    <img
                      src={imageUrl(bundle.banner)}
                      alt=""
                      width={640}
                      height={320}
                      loading="lazy"
                      decoding="async"
                    />
                  ) : (
                    <span className="bundle-card__no-picture" />
                  )}
                  <h3 className="bundle-card__title">{bundle.title}</h3>
                </ShopLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="home-section home-tools container" aria-label="搜尋與訂單查詢">
        <div className="tool-card">
          <h2 className="tool-card__title">找商品</h2>
          <p className="tool-card__text">輸入商品名稱或關鍵字</p>
          <KeywordSearch className="keyword-search--large" />
        </div>
        <div className="tool-card">
          <h2 className="tool-card__title">訂單查詢</h2>
          <p className="tool-card__text">免登入，用訂購人手機查詢訂單</p>
          <OrderLookupForm />
        </div>
      </section>

      <section className="home-section home-contact container" aria-labelledby="home-contact">
        <SectionHeading id="home-contact" eyebrow="Contact" title="聯絡我們" />
        <p className="home-contact__intro">對商品或訂單有任何問題，歡迎留言，我們會盡快回覆您。</p>
        <ContactForm serverResult={actionData?.contact ?? null} />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
