import { useEffect } from 'react';
import { track } from '../../lib/analytics.tsx';
import type { CatalogueListPage } from '../../features/catalogue/catalogue-page-model.ts';
import { ShopLink } from '../shop-link.tsx';
import { AreaBanner } from '../ui/area-banner.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { BundleProductCard } from './bundle-product-card.tsx';
import { CardGrid } from './card-grid.tsx';

/** Product, package and bundle lists (spec §2): banner, breadcrumb, 12 cards a page, pagination. */
export function CatalogueListView({ page }: { page: CatalogueListPage }) {
  const listKey = page.cards.map((c) => c.key).join(',');
  useEffect(() => {
    if (!page.cards.length) return;
    track('view_item_list', {
      item_list_name: page.banner.title,
      items: page.cards.map((c) => ({ item_id: c.key, item_name: c.name, price: c.salePrice })),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per list shown
  }, [listKey]);
  return (
    <div className="catalogue-page">
      <AreaBanner title={page.banner.title} subtitle={page.banner.subtitle} image={page.banner.image} />
      <div className="container">
        <Breadcrumb items={page.breadcrumb} currentPath="/products" />
        {page.bundle ? (
          <section className="bundle-intro" aria-label="活動說明">
            {page.bundle.discount ? <p className="bundle-intro__discount">{page.bundle.discount}</p> : null}
            {page.bundle.description ? <p className="bundle-intro__text">{page.bundle.description}</p> : null}
            {page.bundle.period ? <p className="bundle-intro__period">活動期間：{page.bundle.period}</p> : null}
          </section>
        ) : null}
        {page.subtypes.length > 0 ? (
          <nav className="subtype-nav" aria-label="子分類">
            <ul>
              {page.subtypes.map((s) => (
                <li key={s.href}>
                  <ShopLink className="chip" to={s.href} aria-current={s.current ? 'page' : undefined}>
                    {s.name}
                  </ShopLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {page.cards.length > 0 ? (
          <>
            <p className="list-count">共 {page.total} 件商品</p>
            {page.bundleItems ? (
              <ul className="card-grid bundle-items">
                {page.cards.map((card, index) => {
                  const item = page.bundleItems?.[card.key];
                  return item ? (
                    <li key={card.key}>
                      <BundleProductCard card={card} productId={item.productId} specs={item.specs} eager={index < 2} />
                    </li>
                  ) : null;
                })}
              </ul>
            ) : (
              <CardGrid cards={page.cards} atTop />
            )}
            <Pagination length={page.total} size={page.size} page={page.page} />
          </>
        ) : (
          <EmptyState text={page.emptyText} />
        )}
      </div>
    </div>
  );
}
