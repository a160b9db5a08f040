/**
 * HTML written in the back office (about-us text, map embed). The server sanitises this HTML
 * (sanitize-html, allow-list) before it is stored or served, so it is safe to inject here.
 * This is the only component that may use dangerouslySetInnerHTML.
 */
export function RichText({ html, className = 'rich-text' }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
