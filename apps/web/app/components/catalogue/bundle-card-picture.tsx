import { imageUrl } from '../../lib/image-url.ts';

/** A bundle card's banner, on the bundles page and the home page. */
export function BundleCardPicture({ banner, eager = false }: { banner: string; eager?: boolean }) {
  // A bundle saved without a picture keeps its card's shape, and no img with an empty src.
  if (!banner) return <span className="bundle-card__no-picture" />;
  return (
    <img src={imageUrl(banner)} alt="" width={640} height={320} loading={eager ? 'eager' : 'lazy'} decoding="async" />
  );
}
