import { Alert, Button, Card, Group, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  defaultExportSettings,
  EXPORT_CONTENT_TYPES,
  exportFilename,
  exportKindOf,
  exportLinesOf,
  PRODUCT_NAMES,
  renderExport,
  templateProblem,
  type ExportProduct,
  type ExportSettings,
} from '@proxydesk/contract';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { CopyButton } from '../../components/copy-button';
import { FormAlert } from '../../components/form-alert';
import { saveBlob } from '../../lib/download';
import { useExportSettings, useSaveExportSettings } from './api/export';
import { ExportControls, PreviewNote } from './export-controls';

/** Lines the preview shows; Copy and Download take them all. */
const PREVIEW_LINES = 100;

/** The file without its last line break: what the preview shows and Copy takes. */
const withoutLastBreak = (text: string) => text.replace(/\r?\n$/, '');

const sameSettings = (a: ExportSettings, b: ExportSettings | undefined) =>
  b !== undefined && a.template === b.template && a.format === b.format && a.protocol === b.protocol;

/**
 * "Your proxies are here" (SPEC.md §2) as a file written from the customer's template (issue #32 item 5): txt,
 * csv or json, HTTP or SOCKS5, a preview of the first lines, Copy and Download. The template last copied or
 * downloaded is remembered on the server, per kind of line.
 */
export const ProxiesOutput = ({
  proxies,
  product,
  note = 'Proxytype: HTTP',
}: {
  proxies: string[];
  product: ExportProduct;
  note?: string;
}) => {
  const kind = exportKindOf(product);
  const remembered = useExportSettings();
  const save = useSaveExportSettings();
  const [draft, setDraft] = useState<ExportSettings | null>(null);
  const kept = remembered.data?.[kind];
  const settings = draft ?? kept ?? defaultExportSettings(kind);
  const problem = templateProblem(settings.template);
  // N rotating lines are one line N times (issue #19): shown once, with why one is enough.
  const lines = useMemo(() => exportLinesOf(proxies), [proxies]);
  const collapsed = lines.length < proxies.length;
  const file = useMemo(() => (problem ? '' : renderExport(lines, settings)), [lines, settings, problem]);
  const preview = problem ? '' : withoutLastBreak(renderExport(lines.slice(0, PREVIEW_LINES), settings));
  const remember = () => {
    if (!sameSettings(settings, kept)) save.mutate({ kind, ...settings });
  };
  const download = () => {
    saveBlob(
      exportFilename(PRODUCT_NAMES[product], settings.format),
      new Blob([file], { type: EXPORT_CONTENT_TYPES[settings.format] }),
    );
    remember();
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" align="flex-start">
          <div>
            <Title order={3} size="h4">
              Your proxies are here
            </Title>
            <Text size="sm" c="dimmed">
              {note} · {lines.length} line{lines.length === 1 ? '' : 's'}
            </Text>
            {collapsed && (
              <Text size="sm" data-testid="rotating-note">
                Rotating: every request through this line gets a new address, so one line does the work of{' '}
                {proxies.length}.
              </Text>
            )}
          </div>
          <Group gap="xs">
            <CopyButton
              value={withoutLastBreak(file)}
              label="Copy proxies"
              disabled={Boolean(problem)}
              onCopy={remember}
            />
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
              onClick={download}
              disabled={Boolean(problem) || remembered.isPending}
            >
              Download .{settings.format}
            </Button>
          </Group>
        </Group>
        {remembered.isPending ? (
          <Skeleton height={140} />
        ) : (
          <ExportControls kind={kind} settings={settings} problem={problem} onChange={setDraft} />
        )}
        {remembered.isError && (
          <Alert color="yellow" variant="light">
            Your saved template could not be loaded ({remembered.error.message}): the default is shown.
          </Alert>
        )}
        <FormAlert>{save.error && `Your template was not remembered: ${save.error.message}`}</FormAlert>
        <Textarea
          value={preview}
          readOnly
          autosize
          minRows={4}
          maxRows={14}
          aria-label="Proxies"
          placeholder={problem ? 'Fix the template to see your lines' : undefined}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        />
        <PreviewNote shown={Math.min(lines.length, PREVIEW_LINES)} total={lines.length} />
      </Stack>
    </Card>
  );
};
