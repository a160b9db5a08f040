import type { HomeSection } from '../../lib/home-sections.ts';
import { imageUrl } from '../../lib/image-url.ts';
import { ProductCard } from '../product-card.tsx';
import { ShopLink } from '../shop-link.tsx';
import { RichText } from '../ui/rich-text.tsx';
import { CardSlider } from './card-slider.tsx';

export function SectionHeading({
  id,
  title,
  eyebrow,
  more,
}: {
  id: string;
  title: string;
  eyebrow?: string;
  more?: { to: string; label: string };
}) {
  return (
    <div className="section-heading">
      <div>
        {eyebrow ? <p className="section-heading__eyebrow">{eyebrow}</p> : null}
        <h2 id={id} className="section-heading__title">
          {title}
        </h2>
      </div>
      {more ? (
        <ShopLink className="section-heading__more" to={more.to}>
          {more.label}
        </ShopLink>
      ) : null}
    </div>
  );
}

/** One home area of spec §2 (Article, Carousel ad, Banner 2 hot products, Banner 3 review articles). */
export function HomeArea({ section }: { section: HomeSection }) {
  const headingId = `${section.key}-title`;
  switch (section.kind) {
    case 'about':
      return (
        <section className="home-section home-about container" aria-labelledby={headingId}>
          <SectionHeading id={headingId} eyebrow="About us" title="關於我們" />
          <RichText html={section.html} className="rich-text home-about__text" />
          <ShopLink className="button button--ghost" to={section.href}>
            了解更多
          </ShopLink>
        </section>
      );
    case 'ad':
      return (
        <section className="home-section home-ad container" aria-label="活動廣告">
          <img src={imageUrl(section.pic)} alt="活動廣告" width={1200} height={300} loading="lazy" decoding="async" />
        </section>
      );
    case 'hot':
      return (
        <section className="home-section container" aria-labelledby={headingId}>
          <SectionHeading
            id={headingId}
            eyebrow="Best sellers"
            title="熱銷商品"
            more={{ to: '/products', label: '看更多商品' }}
          />
          <CardSlider label="熱銷商品">
            {section.cards.map((card) => (
              <ProductCard key={card.key} card={card} />
            ))}
          </CardSlider>
        </section>
      );
    case 'reviews':
      return (
        <section className="home-section container" aria-labelledby={headingId}>
          <SectionHeading
            id={headingId}
            eyebrow="Reviews"
            title="好評分享"
            more={{ to: '/recommended', label: '看更多分享' }}
          />
          <ul className="article-grid">
            {section.articles.map((article) => (
              <li key={article.id}>
                <ShopLink className="article-card" to={article.href}>
                  <img src={imageUrl(article.pic)} alt="" width={480} height={320} loading="lazy" decoding="async" />
                  <h3 className="article-card__title">{article.title}</h3>
                </ShopLink>
              </li>
            ))}
          </ul>
        </section>
      );
  }
}
