import { BadgeKind, formatNtd, isOnSale, msg } from '@shop/domain';
import { imageUrl } from '../lib/image-url.ts';
import { WishlistHeart } from '../features/wishlist/wishlist-heart.tsx';
import { ShopLink } from './shop-link.tsx';

/** Just what a card shows; loaders map products and packages to this so pages stay light. */
export interface CatalogueCard {
  key: string;
  name: string;
  image: string;
  price: number;
  salePrice: number;
  badge: BadgeKind;
  /** 熱銷 / 新品 / 精選, or '' (set by toProductCard in loaders, so pages need not ship the message catalogue). */
  badgeLabel?: string;
  href: string;
  /** A word before the price, e.g. 推薦價 on an influencer's page (spec §5 celebrity pricing). */
  priceNote?: string;
  /** A product's id: its card carries the wishlist heart (issue 43); a package's card has none. */
  productId?: number;
}

export function toProductCard(
  p: {
    id: number;
    name: string;
    banner: string;
    pics?: readonly string[];
    price: number;
    on_sale_price: number;
    tag_type?: BadgeKind;
  },
  href: string,
  keyPrefix = 'p',
): CatalogueCard {
  return {
    key: `${keyPrefix}-${p.id}`,
    name: p.name,
    image: p.pics?.[0] || p.banner,
    price: p.price,
    salePrice: p.on_sale_price,
    badge: p.tag_type ?? BadgeKind.None,
    badgeLabel: msg.badgeLabel[p.tag_type ?? BadgeKind.None] ?? '',
    href,
    ...(keyPrefix === 'p' ? { productId: p.id } : {}),
  };
}

/** Product card: image, badge (熱銷/新品/精選), name, NT$ price with the original struck through when on sale. */
export function ProductCard({ card, eager = false }: { card: CatalogueCard; eager?: boolean }) {
  const onSale = isOnSale({ price: card.price, on_sale_price: card.salePrice });
  const badge = card.badgeLabel ?? '';
  const src = imageUrl(card.image);
  return (
    <article className="product-card">
      <ShopLink to={card.href} className="product-card__link">
        <div className="product-card__media">
          {src ? (
            <img
              src={src}
              alt={card.name}
              width={400}
              height={400}
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={eager ? 'high' : undefined}
              decoding="async"
            />
          ) : (
            <span className="product-card__placeholder" aria-hidden="true" />
          )}
          {badge ? <span className={`badge badge--${card.badge}`}>{badge}</span> : null}
        </div>
        <h3 className="product-card__name">{card.name}</h3>
        <p className="product-card__price">
          {card.priceNote ? <span className="price-note">{card.priceNote}</span> : null}
          {onSale ? (
            <>
              <span className="visually-hidden">特價</span>
              <strong className="price price--sale">{formatNtd(card.salePrice)}</strong>
              <span className="visually-hidden">原價</span>
              <del className="price price--was">{formatNtd(card.price)}</del>
            </>
          ) : (
            <strong className="price">{formatNtd(card.price)}</strong>
          )}
        </p>
      </ShopLink>
      {card.productId ? <WishlistHeart productId={card.productId} productName={card.name} /> : null}
    </article>
  );
}
