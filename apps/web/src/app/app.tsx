import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { colorSchemeManager, cssVariablesResolver, theme } from '../theme';
import { Root } from './root';

export const App = () => (
  <MantineProvider
    theme={theme}
    colorSchemeManager={colorSchemeManager}
    defaultColorScheme="auto"
    cssVariablesResolver={cssVariablesResolver}
  >
    <QueryClientProvider client={queryClient}>
      <Root />
    </QueryClientProvider>
  </MantineProvider>
);
