import { SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** A page's outline while its screen loads: title, a row of cards, a panel; never a blank (issue #18). */
export const PageSkeleton = () => (
  <Stack gap="lg" role="status" aria-label="Loading page" data-testid="page-skeleton">
    <Skeleton height={32} width={220} radius="sm" />
    <SimpleGrid cols={{ base: 2, md: 3 }} spacing="lg">
      {[1, 2, 3].map((i) => (
        <Skeleton key={i} height={108} radius="md" />
      ))}
    </SimpleGrid>
    <Skeleton height={260} radius="md" />
  </Stack>
);
