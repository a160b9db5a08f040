import { createContext, useContext } from 'react';

// The Content-Security-Policy nonce of this response (set by the server for each page). The server
// render writes it on its inline scripts and styles; in the browser React needs it as well, for the
// <style precedence> elements it inserts itself after a client-side navigation (the add-to-cart sheet,
// a page's style group): without it the policy refuses them (issue 20 item 1).
const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}

/**
 * The page's nonce, read in the browser from a script the server wrote with it. Browsers hide the
 * nonce attribute from the page (it reads ''), the `nonce` property keeps it. '' on the server.
 */
export function documentNonce(): string {
  if (typeof document === 'undefined') return '';
  for (const script of document.querySelectorAll<HTMLScriptElement>('script[nonce]')) {
    if (script.nonce) return script.nonce;
  }
  return '';
}
