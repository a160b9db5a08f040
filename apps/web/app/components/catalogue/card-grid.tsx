import { ProductCard, type CatalogueCard } from '../product-card.tsx';

/** The cards a first screen shows: two rows of two on a phone, one row of four on a desktop. */
const FIRST_SCREEN_CARDS = 4;

/**
 * A grid of product and package cards: 2 columns on a phone, 3 on a tablet, 4 on a desktop.
 * `atTop`: the grid opens the page, so its first screen of images loads at once rather than lazily
 * (the second row on a phone is the largest paint a lazy image would delay).
 */
export function CardGrid({ cards, atTop = false }: { cards: readonly CatalogueCard[]; atTop?: boolean }) {
  const eagerCount = atTop ? FIRST_SCREEN_CARDS : 0;
  return (
    <ul className="card-grid">
      {cards.map((card, index) => (
        <li key={card.key}>
          <ProductCard card={card} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
