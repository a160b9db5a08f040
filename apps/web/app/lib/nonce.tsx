import { createContext, useContext } from 'react';

// The Content-Security-Policy nonce of this response (set by the server for each page). Only the
// server render needs it: browsers hide nonce attributes from script, so the client sees ''.
const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
