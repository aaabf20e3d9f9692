import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSettingsCog } from '@tabler/icons-react';
import { PageFrame } from '../../components/page-frame';
import { usePageTitle } from '../../lib/brand';

/** What everyone sees at / while the shop is in maintenance (SPEC.md §1). */
export const MaintenancePage = () => {
  usePageTitle('Maintenance');
  return (
    <PageFrame inRouter={false}>
      <Card maw={460} w="100%" shadow="md" data-testid="maintenance-page">
        <Stack align="center" gap="sm" py="lg">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconSettingsCog size={30} />
          </ThemeIcon>
          <Title order={1} size="h2" ta="center">
            We&apos;ll be back soon
          </Title>
          <Text c="dimmed" ta="center">
            We are doing some maintenance to make the dashboard better. Your proxies keep working; please
            check back in a little while.
          </Text>
        </Stack>
      </Card>
    </PageFrame>
  );
};
