import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { colorSchemeManager, cssVariablesResolver, theme } from '../theme';
import { Root } from './root';
import { ServerPageContext, type ServerPage } from '../lib/server-page';

/** The whole app; `server` only when the build renders a page to HTML. */
export const App = ({ server }: { server?: ServerPage }) => (
  <MantineProvider
    theme={theme}
    colorSchemeManager={colorSchemeManager}
    defaultColorScheme="auto"
    cssVariablesResolver={cssVariablesResolver}
  >
    <QueryClientProvider client={queryClient}>
      <ServerPageContext value={server ?? null}>
        <Root server={server} />
      </ServerPageContext>
    </QueryClientProvider>
  </MantineProvider>
);
