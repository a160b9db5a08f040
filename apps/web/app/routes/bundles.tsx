import { describeDiscount, msg, PAGE_SIZE, paginate, parsePageParam } from '@shop/domain';
import type { Route } from './+types/bundles';
import { orFallback } from '../api/client.ts';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { AreaBanner } from '../components/ui/area-banner.tsx';
import { Breadcrumb } from '../components/ui/breadcrumb.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { bundleHref } from '../lib/catalogue-links.ts';
import { imageUrl } from '../lib/image-url.ts';
import { seoMeta } from '../lib/page-seo.ts';
import { PAGE_TITLE } from '../lib/page-titles.ts';
import { breadcrumbLd, jsonLdTexts } from '../lib/structured-data.ts';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, loaderData?.seo, PAGE_TITLE.bundles);

/** spec §2 bundles page: banner, the bundles in their activity window (image, title), 12 per page. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { reads } = context;
  const page = parsePageParam(url.searchParams.get('page') ?? undefined);
  const [bundles, settings] = await Promise.all([
    orFallback(reads.bundlesInActivity(), []),
    orFallback(
      reads.systemSettings().then((s) => s as typeof s & { bundles_banner?: string }),
      null,
    ),
  ]);
  const shown = paginate(bundles, page, PAGE_SIZE.bundles);
  const path = shown.page > 1 ? `/bundles?page=${shown.page}` : '/bundles';
  const banner = settings?.bundles_banner || bundles[0]?.banner || '';
  return {
    seo: {
      title: PAGE_TITLE.bundles,
      preview: {
        publicUrl: context.publicUrl,
        path,
        title: PAGE_TITLE.bundles,
        description: bundles
          .slice(0, 4)
          .map((b) => b.title)
          .join('、'),
        image: banner,
      },
      noindex: bundles.length === 0,
      structuredData: jsonLdTexts(breadcrumbLd(context.publicUrl, [{ name: PAGE_TITLE.bundles }], path)),
    },
    banner,
    bundles: shown.items.map((b) => ({
      id: b.id,
      title: b.title,
      banner: b.banner,
      discount: describeDiscount(b.discount),
      href: bundleHref(b),
    })),
    total: shown.total,
    page: shown.page,
    emptyText: msg.noPromotions,
  };
}

export default function Bundles({ loaderData }: Route.ComponentProps) {
  const { banner, bundles, total, page, emptyText } = loaderData;
  return (
    <div className="catalogue-page">
      <AreaBanner title={PAGE_TITLE.bundles} subtitle="Promotions" image={banner} />
      <div className="container">
        <Breadcrumb items={[{ title: PAGE_TITLE.bundles }]} />
        {bundles.length > 0 ? (
          <>
            <ul className="bundle-grid">
              {bundles.map((bundle, index) => (
                <li key={bundle.id}>
                  <ShopLink className="bundle-card" to={bundle.href}>
                    {/* A bundle saved without a picture keeps its card's shape, and no img with an empty src. */}
                    {bundle.banner ? (
                      <img
                        src={imageUrl(bundle.banner)}
                        alt=""
                        width={640}
                        height={320}
                        loading={index < 2 ? 'eager' : 'lazy'}
                        decoding="async"
                      />
                    ) : (
                      <span className="bundle-card__no-picture" />
                    )}
                    <h2 className="bundle-card__title">{bundle.title}</h2>
                    {bundle.discount ? <p className="bundle-card__discount">{bundle.discount}</p> : null}
                  </ShopLink>
                </li>
              ))}
            </ul>
            <Pagination length={total} size={PAGE_SIZE.bundles} page={page} />
          </>
        ) : (
          <EmptyState text={emptyText} />
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
