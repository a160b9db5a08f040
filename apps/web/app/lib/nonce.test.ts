// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { documentNonce } from './nonce.tsx';

describe('documentNonce', () => {
  afterEach(() => document.head.replaceChildren());

  it('reads the nonce property of a script the server wrote, the attribute hidden as browsers do', () => {
    const boot = document.createElement('script');
    boot.setAttribute('nonce', '');
    boot.nonce = 'Ne3HeFRZLiHKmcsvDhp+AQ==';
    document.head.append(document.createElement('script'), boot);
    expect(documentNonce()).toBe('Ne3HeFRZLiHKmcsvDhp+AQ==');
  });

  it('is empty on a page without one', () => {
    document.head.append(document.createElement('script'));
    expect(documentNonce()).toBe('');
  });
});
