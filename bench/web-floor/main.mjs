// The smallest dashboard DESIGN.md §6 allows: its mandated libraries, one lazy sign-in route and a
// maintenance check before it, nothing of ours. The bench builds it to show the floor under the budget.
import { Loader, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createElement as h, lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import * as z from 'zod/mini';

const SignIn = lazy(() => import('./sign-in.mjs'));
const maintenance = z.object({ data: z.object({ enabled: z.boolean() }) });

const Root = () => {
  const check = useQuery({
    queryKey: ['maintenance'],
    queryFn: async () => maintenance.parse(await (await fetch('/v1/maintenance/read')).json()),
  });
  if (check.isPending) return h(Loader);
  return h(Suspense, { fallback: h(Loader) }, h(Routes, null, h(Route, { path: '*', element: h(SignIn) })));
};

createRoot(document.getElementById('root')).render(
  h(
    StrictMode,
    null,
    h(
      MantineProvider,
      null,
      h(QueryClientProvider, { client: new QueryClient() }, h(BrowserRouter, null, h(Root))),
    ),
  ),
);
