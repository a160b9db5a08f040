// Reading server HTML the way a link-preview bot does: tags and JSON-LD, no script run.

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The content of `<meta property|name="key" content="...">`, or null. */
export function metaContent(html: string, key: string): string | null {
  for (const tag of html.match(/<meta\b[^>]*>/g) ?? []) {
    const name = /\b(?:property|name)="([^"]*)"/.exec(tag)?.[1];
    if (name === key) return decode(/\bcontent="([^"]*)"/.exec(tag)?.[1] ?? '');
  }
  return null;
}

/** The href of `<link rel="canonical">`, or null. */
export function canonicalHref(html: string): string | null {
  const tag = (html.match(/<link\b[^>]*>/g) ?? []).find((t) => /\brel="canonical"/.test(t));
  return tag ? decode(/\bhref="([^"]*)"/.exec(tag)?.[1] ?? '') : null;
}

/** Every JSON-LD object of the page. */
export function jsonLdObjects(html: string): Array<Record<string, unknown>> {
  const blocks = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g) ?? [];
  return blocks.map((block) => JSON.parse(block.replace(/^<script[^>]*>|<\/script>$/g, '')) as Record<string, unknown>);
}

/** The text of `<title>`. */
export function titleText(html: string): string {
  return decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
}
