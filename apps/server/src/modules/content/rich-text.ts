import sanitizeHtml from 'sanitize-html';

// Back-office html (news, articles, about pages, terms, course descriptions, the contact map) is
// injected by the web's <RichText> as is, so the server serves it through an allow-list only:
// no scripts, no event handlers, no javascript: links (STYLE.md: no unsanitised innerHTML).

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
export function sanitizeRichText(html: string): string {
  return html === '' ? '' : sanitizeHtml(html, richTextOptions);
}

const mapEmbedOptions: sanitizeHtml.IOptions = {
  allowedTags: ['iframe'],
  allowedAttributes: {
    iframe: ['src', 'width', 'height', 'style', 'loading', 'referrerpolicy', 'allowfullscreen', 'title'],
  },
  allowedSchemes: ['https'],
  allowedIframeHostnames: ['www.google.com', 'maps.google.com', 'google.com'],
  allowProtocolRelative: false,
};

/** spec §2 contact page "map html from settings": a Google Maps iframe, nothing else. */
export function sanitizeMapEmbed(html: string): string {
  return html === '' ? '' : sanitizeHtml(html, mapEmbedOptions);
}
