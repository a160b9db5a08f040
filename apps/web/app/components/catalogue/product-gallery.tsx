import { useState } from 'react';
import { imageUrl } from '../../lib/image-url.ts';

/**
 * spec §3: the product's pics (the server already falls back to the banner when they are empty or
 * unreadable). The first picture is the page's largest paint: loaded eagerly with high priority.
 */
export function ProductGallery({ name, pics }: { name: string; pics: readonly string[] }) {
  const [current, setCurrent] = useState(0);
  const sources = pics.map((key) => imageUrl(key)).filter(Boolean);
  const main = sources[Math.min(current, sources.length - 1)];
  if (!main) return <div className="gallery gallery--empty" aria-hidden="true" />;
  return (
    <div className="gallery">
      <div className="gallery__main">
        <img
          src={main}
          alt={sources.length > 1 ? `${name}（第 ${current + 1} 張，共 ${sources.length} 張）` : name}
          width={800}
          height={800}
          fetchPriority={current === 0 ? 'high' : 'auto'}
          decoding={current === 0 ? 'sync' : 'async'}
        />
      </div>
      {sources.length > 1 ? (
        <ul className="gallery__thumbs" aria-label="商品圖片">
          {sources.map((src, index) => (
            <li key={`${src}-${index}`}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`顯示第 ${index + 1} 張圖片`}
                aria-pressed={index === current}
                onClick={() => setCurrent(index)}
              >
                <img src={src} alt="" width={80} height={80} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
