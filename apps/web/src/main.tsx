import '@mantine/core/styles.css';
import './theme/surfaces.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadGuestPage } from './app/guest-screens';
import { readBoot, seedQueries } from './lib/boot';
import { PageLive } from './lib/page-live';
import { queryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const boot = readBoot();
if (boot) seedQueries(queryClient, boot);

const app = (
  <StrictMode>
    <App />
    <PageLive />
  </StrictMode>
);
const shown = container.dataset.prerendered;
if (shown === 'shell') {
  // A session's loading shell: replaced, once the screen and its data are ready, by one render that yields to
  // the browser as it goes (a transition), so the page stays responsive while it is drawn (issue #18).
  const path = window.location.pathname;
  void import('./app/signed-in-start')
    .then(({ prepareSignedIn }) => prepareSignedIn(path, boot?.answers))
    .catch(() => undefined)
    .then(() => startTransition(() => createRoot(container).render(app)));
} else if (shown !== undefined) {
  // Pages the build rendered to HTML (src/prerender.tsx) are hydrated once the chunks they draw are here (one
  // pass, so the page is live when it is done), in a transition: the work yields to the browser as it goes
  // rather than holding it in one long task (the page is already drawn). Any other address is drawn here.
  void loadGuestPage(container.dataset.screen, boot)
    .catch(() => undefined)
    .then(() =>
      startTransition(() => {
        hydrateRoot(container, app);
      }),
    );
} else createRoot(container).render(app);
