// Placeholder artwork for the demo shop, drawn from SVG templates with sharp: no network, and no
// text in the pictures (the machine may lack CJK fonts). Soft gradients and simple shapes, one hue
// per item so cards are told apart at a glance.
import sharp from 'sharp';
import type { UploadStorage } from '../../modules/uploads/index.ts';

/** One picture to draw: the key is its upload name (under `/uploads/`), e.g. `demo/products/p01.webp`. */
export interface ImageJob {
  key: string;
  width: number;
  height: number;
  svg: string;
}

export type ProductShape = 'bottle' | 'jar' | 'box' | 'cup' | 'gift';

export const ImageSize = {
  product: [800, 800],
  banner: [1600, 600],
  cover: [1200, 630],
  square: [200, 200],
  ad: [400, 400],
} as const;

/** Stores every picture the upload storage lacks, in parallel; returns how many were drawn. */
export async function renderImages(storage: UploadStorage, jobs: ImageJob[]): Promise<number> {
  const drawn = await Promise.all(
    jobs.map(async (job) => {
      if (await storage.has(job.key)) return 0;
      const image = sharp(Buffer.from(job.svg));
      const png = job.key.endsWith('.png');
      const bytes = png
        ? await image.png({ compressionLevel: 6 }).toBuffer()
        : // Opaque artwork (transparent corners become white): dropping the alpha channel and the lowest effort halve the encoding time.
          await image.flatten({ background: '#ffffff' }).webp({ quality: 80, effort: 0 }).toBuffer();
      await storage.put(job.key, bytes, png ? 'image/png' : 'image/webp');
      return 1;
    }),
  );
  return drawn.reduce<number>((a, b) => a + b, 0);
}

/** HSL (degrees, percent, percent) to #rrggbb; librsvg handles hex colours everywhere. */
function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = s / 100;
  const lig = l / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (n: number) => lig - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

function frame(width: number, height: number, hue: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 70, 94)}"/><stop offset="1" stop-color="${hsl(hue + 35, 55, 80)}"/></linearGradient>
<linearGradient id="fg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue, 60, 66)}"/><stop offset="1" stop-color="${hsl(hue - 10, 55, 48)}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.75"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
${body}
</svg>`;
}

/** A square product shot: a soft halo, a shadow and the product silhouette. */
export function productArt(hue: number, shape: ProductShape): string {
  const accent = hsl(hue + 180, 45, 88);
  const shapes: Record<ProductShape, string> = {
    bottle: `<rect x="330" y="210" width="140" height="70" rx="16" fill="${hsl(hue, 30, 35)}"/>
<rect x="270" y="270" width="260" height="360" rx="60" fill="url(#fg)"/>
<rect x="305" y="390" width="190" height="120" rx="20" fill="${accent}" fill-opacity="0.85"/>`,
    jar: `<rect x="260" y="250" width="280" height="70" rx="18" fill="${hsl(hue, 35, 38)}"/>
<rect x="240" y="310" width="320" height="320" rx="70" fill="url(#fg)"/>
<circle cx="400" cy="470" r="80" fill="${accent}" fill-opacity="0.85"/>`,
    box: `<polygon points="400,220 600,320 400,420 200,320" fill="${hsl(hue, 55, 75)}"/>
<polygon points="200,320 400,420 400,640 200,540" fill="url(#fg)"/>
<polygon points="600,320 400,420 400,640 600,540" fill="${hsl(hue - 10, 50, 42)}"/>`,
    cup: `<path d="M250 300 H550 L520 600 Q515 640 475 640 H325 Q285 640 280 600 Z" fill="url(#fg)"/>
<path d="M550 360 Q640 360 630 450 Q620 530 530 520" fill="none" stroke="${hsl(hue, 50, 45)}" stroke-width="28"/>
<ellipse cx="400" cy="300" rx="150" ry="26" fill="${hsl(hue, 45, 35)}"/>
<path d="M360 250 Q340 200 370 160 M430 250 Q410 200 440 160" fill="none" stroke="${accent}" stroke-width="14" stroke-linecap="round"/>`,
    gift: `<rect x="230" y="330" width="340" height="300" rx="14" fill="url(#fg)"/>
<rect x="210" y="280" width="380" height="80" rx="14" fill="${hsl(hue, 55, 60)}"/>
<rect x="375" y="280" width="50" height="350" fill="${accent}"/>
<path d="M400 280 Q320 180 300 250 Q290 290 400 280 Q510 290 500 250 Q480 180 400 280" fill="${accent}"/>`,
  };
  return frame(
    800,
    800,
    hue,
    `<circle cx="400" cy="400" r="330" fill="url(#glow)"/>
<circle cx="140" cy="150" r="70" fill="${hsl(hue + 40, 60, 85)}" fill-opacity="0.7"/>
<circle cx="680" cy="660" r="100" fill="${hsl(hue - 30, 60, 85)}" fill-opacity="0.6"/>
<ellipse cx="400" cy="660" rx="230" ry="30" fill="${hsl(hue, 40, 40)}" fill-opacity="0.18"/>
${shapes[shape]}`,
  );
}

/** A wide banner: overlapping soft circles and a wave, room on the left for overlaid text. */
export function bannerArt(hue: number, width: number = 1600, height: number = 600): string {
  const w = width;
  const h = height;
  return frame(
    w,
    h,
    hue,
    `<circle cx="${w * 0.78}" cy="${h * 0.45}" r="${h * 0.55}" fill="${hsl(hue, 65, 75)}" fill-opacity="0.55"/>
<circle cx="${w * 0.9}" cy="${h * 0.2}" r="${h * 0.28}" fill="${hsl(hue + 40, 70, 82)}" fill-opacity="0.7"/>
<circle cx="${w * 0.62}" cy="${h * 0.85}" r="${h * 0.22}" fill="${hsl(hue - 40, 60, 80)}" fill-opacity="0.7"/>
<circle cx="${w * 0.78}" cy="${h * 0.45}" r="${h * 0.3}" fill="url(#glow)"/>
<path d="M0 ${h * 0.78} C ${w * 0.25} ${h * 0.62}, ${w * 0.5} ${h * 0.95}, ${w} ${h * 0.72} V ${h} H 0 Z" fill="${hsl(hue, 55, 62)}" fill-opacity="0.45"/>
<path d="M0 ${h * 0.88} C ${w * 0.3} ${h * 0.78}, ${w * 0.6} ${h}, ${w} ${h * 0.85} V ${h} H 0 Z" fill="${hsl(hue - 15, 55, 50)}" fill-opacity="0.35"/>`,
  );
}

/** A cover for news and articles (1200×630, the Open Graph size). */
export function coverArt(hue: number): string {
  return frame(
    1200,
    630,
    hue,
    `<circle cx="300" cy="320" r="230" fill="${hsl(hue, 60, 72)}" fill-opacity="0.55"/>
<circle cx="300" cy="320" r="140" fill="url(#glow)"/>
<rect x="620" y="150" width="380" height="24" rx="12" fill="${hsl(hue, 40, 45)}" fill-opacity="0.5"/>
<rect x="620" y="200" width="300" height="24" rx="12" fill="${hsl(hue, 40, 45)}" fill-opacity="0.35"/>
<rect x="620" y="250" width="340" height="24" rx="12" fill="${hsl(hue, 40, 45)}" fill-opacity="0.25"/>
<path d="M0 520 C 300 440, 700 620, 1200 500 V 630 H 0 Z" fill="${hsl(hue - 20, 55, 55)}" fill-opacity="0.4"/>`,
  );
}

/** A member avatar silhouette (200×200). */
export function avatarArt(hue: number): string {
  return frame(
    200,
    200,
    hue,
    `<circle cx="100" cy="78" r="38" fill="${hsl(hue, 35, 45)}"/>
<path d="M30 200 Q30 128 100 128 Q170 128 170 200 Z" fill="${hsl(hue, 35, 45)}"/>`,
  );
}

/** A member-level badge: a medal with a star (200×200). */
export function badgeArt(hue: number): string {
  const star = Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? 46 : 20;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    return `${(100 + r * Math.cos(a)).toFixed(1)},${(110 + r * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
  return frame(
    200,
    200,
    hue,
    `<polygon points="70,10 100,60 130,10" fill="${hsl(hue + 20, 50, 55)}"/>
<circle cx="100" cy="110" r="70" fill="url(#fg)"/>
<circle cx="100" cy="110" r="56" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="6"/>
<polygon points="${star}" fill="#ffffff" fill-opacity="0.9"/>`,
  );
}

/** The shop mark: a sun rising over two hills in a rounded square. */
export function logoArt(size: number, hue: number): string {
  const s = size;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 100 100">
<rect width="100" height="100" rx="22" fill="${hsl(hue, 55, 45)}"/>
<circle cx="62" cy="40" r="16" fill="${hsl(hue + 230, 90, 68)}"/>
<path d="M0 72 Q28 46 56 68 Q76 54 100 64 V78 Q100 100 78 100 H22 Q0 100 0 78 Z" fill="#ffffff" fill-opacity="0.9"/>
<path d="M0 84 Q40 64 100 82 V78 Q100 100 78 100 H22 Q0 100 0 78 Z" fill="${hsl(hue, 50, 80)}"/>
</svg>`;
}
