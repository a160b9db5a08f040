import { ProductCard, type CatalogueCard } from '../product-card.tsx';

/** A grid of product and package cards: 2 columns on a phone, 3 on a tablet, 4 on a desktop. */
export function CardGrid({ cards, eagerFirst = 0 }: { cards: readonly CatalogueCard[]; eagerFirst?: number }) {
  return (
    <ul className="card-grid">
      {cards.map((card, index) => (
        <li key={card.key}>
          <ProductCard card={card} eager={index < eagerFirst} />
        </li>
      ))}
    </ul>
  );
}
