import appCss from '../styles/app.css?inline';
import { useNonce } from '../lib/nonce.tsx';

// The whole stylesheet is small (≈6 KB gzip), so the server writes it into <head>: no render-blocking
// request before the first paint (home page budget: LCP ≤ 2.0 s on a throttled phone). The text is
// only in the server bundle; in the browser `import.meta.env.SSR` is false, the import is dropped,
// and React keeps the server's <style> element (a hoisted style with the same href is reused).
const css = import.meta.env.SSR ? appCss : '';

// React writes a hoisted <style> only when its nonce matches the stream's style nonce
// (entry.server.tsx), so the element carries the page's Content-Security-Policy nonce itself.
export function InlineStyles() {
  const nonce = useNonce() || undefined;
  return (
    <style href="shop-styles" precedence="default" nonce={nonce}>
      {css}
    </style>
  );
}
