import '@mantine/core/styles.css';
import './theme/surfaces.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { readBoot, seedQueries } from './lib/boot';
import { queryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const boot = readBoot();
if (boot) seedQueries(queryClient, boot);

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// Pages the build rendered to HTML (src/prerender.tsx) are hydrated; any other address is drawn here.
if (container.hasAttribute('data-prerendered')) hydrateRoot(container, app);
else createRoot(container).render(app);
