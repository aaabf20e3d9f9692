import { Card, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

/** An honest placeholder for a screen that an upcoming release builds. */
export const ComingSoon = ({ what }: { what: string }) => (
  <Card data-testid="coming-soon">
    <Stack align="center" gap="xs" py="xl">
      <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
        <IconTools size={26} />
      </ThemeIcon>
      <Text fw={600}>{what} is coming soon</Text>
      <Text c="dimmed" size="sm" ta="center" maw={420}>
        This screen arrives in an upcoming release.
      </Text>
    </Stack>
  </Card>
);
