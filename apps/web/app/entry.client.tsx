import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { NonceProvider, documentNonce } from './lib/nonce.tsx';

function hydrate() {
  // The same nonce as the server render (entry.server.tsx): React gives it to the hoisted <style>
  // elements it inserts after a client-side navigation, which the page's policy refuses without it.
  const nonce = documentNonce();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <NonceProvider value={nonce}>
          <HydratedRouter />
        </NonceProvider>
      </StrictMode>,
    );
  });
}

// The scripts only start once the first screen is painted (lib/app-scripts-after-paint.ts). Hydration
// still waits a frame: evaluating the modules and hydrating are then two tasks instead of one long
// one on a slow phone. rAF runs just before the next paint; the timeout fires right after it.
requestAnimationFrame(() => setTimeout(hydrate, 0));
