import { imageUrl } from '../../lib/image-url.ts';

/** spec §2: a page's banner with title, subtitle and image (the image key goes through imageUrl). */
export function AreaBanner({ title, subtitle, image }: { title: string; subtitle?: string; image?: string }) {
  const src = imageUrl(image);
  return (
    <section className="area-banner">
      {src ? (
        <img className="area-banner__image" src={src} alt="" width={1440} height={360} fetchPriority="high" />
      ) : null}
      <div className="area-banner__text">
        <h1 className="area-banner__title">{title}</h1>
        {subtitle ? <p className="area-banner__subtitle">{subtitle}</p> : null}
      </div>
    </section>
  );
}
