import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  DEFAULT_EXPORT_TEMPLATES,
  EXPORT_PLACEHOLDERS,
  type ExportKind,
  type ExportSettings,
} from '@proxydesk/contract';
import { SegmentedChoice } from '../../components/segmented-choice';

const FORMATS = [
  { value: 'txt', label: 'TXT' },
  { value: 'csv', label: 'CSV' },
  { value: 'json', label: 'JSON' },
];
const PROTOCOLS = [
  { value: 'http', label: 'HTTP' },
  { value: 'socks5', label: 'SOCKS5' },
];

/** The choices under the template: the settings' field each one sets, and its options. */
const CHOICES: { field: 'format' | 'protocol'; label: string; data: typeof FORMATS }[] = [
  { field: 'format', label: 'Format', data: FORMATS },
  { field: 'protocol', label: 'Protocol', data: PROTOCOLS },
];

/**
 * The export's template, format and protocol (issue #32 item 5): the template's rule is the API's
 * (`templateProblem`), shown under the field as it is typed.
 */
export const ExportControls = ({
  kind,
  settings,
  problem,
  onChange,
}: {
  kind: ExportKind;
  settings: ExportSettings;
  problem: string | null;
  onChange: (settings: ExportSettings) => void;
}) => {
  const fallback = DEFAULT_EXPORT_TEMPLATES[kind];
  return (
    <Stack gap="sm">
      <TextInput
        label="Template"
        description={`Placeholders: ${EXPORT_PLACEHOLDERS.map((name) => `{${name}}`).join(' ')}`}
        value={settings.template}
        onChange={(event) => onChange({ ...settings, template: event.currentTarget.value })}
        error={problem}
        spellCheck={false}
        autoComplete="off"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        rightSectionWidth={64}
        rightSection={
          settings.template !== fallback && (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => onChange({ ...settings, template: fallback })}
            >
              Reset
            </Button>
          )
        }
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {CHOICES.map(({ field, label, data }) => (
          <SegmentedChoice
            key={field}
            id={`export-${field}-${kind}`}
            label={label}
            value={settings[field]}
            data={data}
            onChange={(value) => onChange({ ...settings, [field]: value })}
            fullWidth
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
};

/** Below the preview: how much of the file it shows. */
export const PreviewNote = ({ shown, total }: { shown: number; total: number }) =>
  shown < total ? (
    <Group>
      <Text size="xs" c="dimmed">
        Preview of the first {shown} of {total.toLocaleString()} lines: Copy and Download take them all.
      </Text>
    </Group>
  ) : null;
