import sanitizeHtml from 'sanitize-html';

// Back-office html (news, articles, about pages, terms, common questions, course and product
// descriptions, the contact map) is injected by the web's <RichText> as is, so every module serves it
// through this allow-list only: no scripts, no event handlers, no javascript:/data: URLs, no frames
// (STYLE.md: no unsanitised innerHTML; issue 4 §8). The page's Content-Security-Policy is the second
// line of defence, not the first.

const richTextOptions: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'span', 'figure', 'figcaption'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    '*': ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** Article-like html: text formatting, links and images; everything else removed. */
export function sanitizeRichText(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, richTextOptions) : '';
}

/** Hosts that serve Google Maps embeds (the "嵌入地圖" code of Google Maps uses www.google.com). */
const MAPS_HOSTS = new Set(['www.google.com', 'maps.google.com']);

/**
 * True for a Google Maps embed URL: https, a Google Maps host, and an embed path
 * (`/maps/embed?pb=…`, `/maps/embed/v1/…`) or the classic `/maps?…&output=embed`.
 */
export function isGoogleMapsEmbedUrl(src: string | null | undefined): boolean {
  if (!src) return false;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || !MAPS_HOSTS.has(url.hostname) || url.port !== '' || url.username !== '') {
    return false;
  }
  if (url.pathname === '/maps/embed' || url.pathname.startsWith('/maps/embed/')) return true;
  return url.pathname === '/maps' && url.searchParams.get('output') === 'embed';
}

const mapEmbedOptions: sanitizeHtml.IOptions = {
  allowedTags: ['iframe'],
  allowedAttributes: {
    iframe: ['src', 'width', 'height', 'style', 'loading', 'referrerpolicy', 'allowfullscreen', 'title'],
  },
  // Only the look of the frame: a style attribute cannot carry anything else through.
  allowedStyles: {
    iframe: {
      border: [/^(0|none)$/],
      width: [/^\d{1,4}(px|%)?$/],
      height: [/^\d{1,4}(px|%)?$/],
    },
  },
  allowedSchemes: ['https'],
  allowedIframeHostnames: [...MAPS_HOSTS],
  allowProtocolRelative: false,
  // A frame needs a name for screen readers (WCAG 4.1.2); a map pasted from Google Maps has none.
  transformTags: {
    iframe: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, title: attribs.title?.trim() || '商店位置地圖' },
    }),
  },
  // An iframe whose src is missing or is not a Maps embed (another site, another Google page) goes whole.
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !isGoogleMapsEmbedUrl(frame.attribs.src),
  // Text around the iframe is dropped too: the map area shows the map, nothing else.
  nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript'],
  textFilter: () => '',
};

/** spec §2 contact page "map html from settings": Google Maps iframes only, nothing else. */
export function sanitizeMapEmbed(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, mapEmbedOptions).trim();
}
