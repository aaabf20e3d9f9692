import { SegmentedControl, Stack, Text } from '@mantine/core';

/**
 * A segmented choice under a visible label (Mantine's SegmentedControl has none): the label, `id`, names the
 * radio group for screen readers.
 */
export const SegmentedChoice = ({
  id,
  label,
  value,
  data,
  onChange,
  fullWidth,
}: {
  id: string;
  label: string;
  value: string;
  data: { value: string; label: string }[];
  onChange: (value: string) => void;
  fullWidth?: boolean;
}) => (
  <Stack gap={4}>
    <Text component="span" size="sm" fw={500} id={id}>
      {label}
    </Text>
    <SegmentedControl
      aria-labelledby={id}
      value={value}
      data={data}
      onChange={onChange}
      fullWidth={fullWidth}
    />
  </Stack>
);
