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

// The scripts only start once the first screen is painted (lib/app-scripts-after-paint.ts). Hydration
// still waits a frame: evaluating the modules and hydrating are then two tasks instead of one long
// one on a slow phone. rAF runs just before the next paint; the timeout fires right after it.
requestAnimationFrame(() => setTimeout(hydrate, 0));
