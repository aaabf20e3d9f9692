import { Button, Card, Group, Text, Textarea, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { CopyButton } from '../../components/copy-button';

/** A line as CSV cells: `host,port[,username,password]` (an IPv6 host keeps its brackets). */
const csvCells = (line: string) => {
  const match = /^(\[[^\]]+\]|[^:]+):(.*)$/.exec(line);
  return match ? [match[1], ...match[2]!.split(':')].join(',') : line;
};

const download = (name: string, type: string, content: string) => {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
};

/** "Your proxies are here" with a Copy button and .txt / .csv downloads (SPEC.md §2). */
export const ProxiesOutput = ({
  proxies,
  note = 'Proxytype: HTTP',
}: {
  proxies: string[];
  note?: string;
}) => {
  // N rotating lines are one line N times (issue #19): show it once and say why one is enough.
  const lines = [...new Set(proxies)];
  const collapsed = lines.length < proxies.length;
  const text = lines.join('\n');
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="xs" gap="xs">
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
          <CopyButton value={text} label="Copy proxies" />
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            onClick={() => download('proxies.txt', 'text/plain', `${text}\n`)}
          >
            .txt
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            onClick={() =>
              download(
                'proxies.csv',
                'text/csv',
                `host,port,username,password\n${lines.map(csvCells).join('\n')}\n`,
              )
            }
          >
            .csv
          </Button>
        </Group>
      </Group>
      <Textarea
        value={text}
        readOnly
        autosize
        minRows={4}
        maxRows={14}
        aria-label="Proxies"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      />
    </Card>
  );
};
