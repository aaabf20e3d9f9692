import { Group, Text, ThemeIcon } from '@mantine/core';
import { brandInitial, brandName } from '../lib/brand';

export const BrandMark = ({ size = 'md' }: { size?: 'md' | 'lg' }) => (
  <Group gap={8} wrap="nowrap">
    <ThemeIcon size={size === 'lg' ? 36 : 28} radius="md" variant="filled" aria-hidden>
      <Text fw={800} size={size === 'lg' ? 'lg' : 'sm'} c="white">
        {brandInitial()}
      </Text>
    </ThemeIcon>
    <Text fw={700} size={size === 'lg' ? 'xl' : 'lg'}>
      {brandName()}
    </Text>
  </Group>
);
