import { Group, Paper, Text } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useAnnouncement } from './api/get-announcement';

/** A slim bar with the shop's announcement; nothing when there is none or it failed to load. */
export const AnnouncementBanner = () => {
  const { data } = useAnnouncement();
  if (!data) return null;
  return (
    <Paper
      radius="md"
      px="md"
      py={8}
      mb="lg"
      bg="var(--mantine-primary-color-light)"
      data-testid="announcement"
      role="note"
    >
      <Group gap={8} justify="center" wrap="nowrap">
        <IconSpeakerphone
          size={16}
          aria-hidden
          color="var(--mantine-primary-color-light-color)"
          style={{ flexShrink: 0 }}
        />
        <Text size="sm" c="var(--mantine-primary-color-light-color)" fw={500}>
          {data.title}
        </Text>
      </Group>
    </Paper>
  );
};
