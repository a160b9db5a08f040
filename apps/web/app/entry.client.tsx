import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// Let the browser paint the server-rendered page (and its banner image) before the hydration task
// runs: on a slow phone that task is the longest one of the load, and nothing above the fold needs it.
// rAF runs just before the next paint; the timeout fires right after it.
requestAnimationFrame(() => setTimeout(hydrate, 0));
