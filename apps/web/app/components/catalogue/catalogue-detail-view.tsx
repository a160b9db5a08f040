import { useEffect } from 'react';
import { track } from '../../lib/analytics.tsx';
import type { CatalogueDetailPage } from '../../features/catalogue/catalogue-page-model.ts';
import { WishlistHeart } from '../../features/wishlist/wishlist-heart.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import { CardGrid } from './card-grid.tsx';
import { DescriptionTabs } from './description-tabs.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { ProductPurchase } from './product-purchase.tsx';
import { ProductReviews } from './product-reviews.tsx';

/** spec §2 product and package page: gallery, name, badge, prices, specs, quantity, cart, tabs, related. */
export function CatalogueDetailView({ page }: { page: CatalogueDetailPage }) {
  const { item } = page;
  const badge = item.badgeLabel;
  useEffect(() => {
    const viewed = {
      item_id: `${item.kind === 'package' ? 'k' : 'p'}${item.id}`,
      item_name: item.name,
      price: item.salePrice,
    };
    track('view_item', { value: item.salePrice, items: [viewed] });
  }, [item.kind, item.id, item.name, item.salePrice]);
  return (
    <div className="container catalogue-detail">
      <Breadcrumb items={page.breadcrumb} currentPath="/products" />
      <article className="item" aria-labelledby="item-name">
        <ProductGallery name={item.name} pics={item.pics} />
        <div className="item__info">
          {badge ? <span className={`badge badge--inline badge--${item.badge}`}>{badge}</span> : null}
          <h1 id="item-name" className="item__name">
            {item.name}
          </h1>
          {item.summary ? <p className="item__summary">{item.summary}</p> : null}
          {item.kind === 'product' ? <WishlistHeart productId={item.id} productName={item.name} withText /> : null}
          <ProductPurchase
            kind={item.kind}
            id={item.id}
            price={item.price}
            salePrice={item.salePrice}
            specs={item.specs}
            soldOut={item.soldOut}
            stock={item.stock}
            priceNote={item.priceNote}
            name={item.name}
          />
        </div>
      </article>
      <DescriptionTabs tabs={item.tabs} />
      {page.reviews ? <ProductReviews productId={item.id} page={page.reviews} /> : null}
      {page.related.length > 0 ? (
        <section className="related" aria-labelledby="related-heading">
          <h2 id="related-heading" className="related__title">
            {item.kind === 'package' ? '更多組合' : '相關商品'}
          </h2>
          <CardGrid cards={page.related} />
        </section>
      ) : null}
    </div>
  );
}
