import { Center, Loader, Stack } from '@mantine/core';
import { BrandMark } from './brand-mark';

/** Shown until the maintenance and login checks finish (SPEC.md §2). */
export const LoadingScreen = () => (
  <Center h="100dvh" data-testid="loading-screen" role="status" aria-label="Loading">
    <Stack align="center" gap="lg">
      <BrandMark size="lg" />
      <Loader type="dots" />
    </Stack>
  </Center>
);
