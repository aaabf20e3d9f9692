import { Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormAlert } from '../../components/form-alert';
import { formatEuro } from '../../lib/format';
import { downloadCsv } from './csv-download';
import { ExportCsvButton, useCsvExport } from './csv-export';

/** Cents as euro in the browser's locale (`-€24.60` for a credit note's). */
export const cents = (value: number) => formatEuro(value / 100);

/** `1 invoice`, `2 invoices`: a count with its noun. */
export const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** A money cell: right-aligned, one line, figures of even width. */
export const moneyStyle = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * A report's bar: its filters on the left; on the right what the view is doing and the CSV of the same figures
 * (a loader while it downloads, the server's words if it refuses).
 */
export const ReportToolbar = ({
  filters,
  note,
  csv,
}: {
  filters: ReactNode;
  note: string;
  csv: { path: string; query: Record<string, string>; fallback: string; disabled: boolean };
}) => {
  const csvExport = useCsvExport(() => downloadCsv(csv.path, csv.query, csv.fallback));
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          {filters}
        </Group>
        <Group gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {note}
          </Text>
          <ExportCsvButton csv={csvExport} disabled={csv.disabled} />
        </Group>
      </Group>
      <FormAlert>{csvExport.failure}</FormAlert>
    </Stack>
  );
};

/** A table cell of cents (a header cell in a totals row), right-aligned in even-width figures. */
export const MoneyCell = ({ value, th, strong }: { value: number; th?: boolean; strong?: boolean }) => {
  const Cell = th ? Table.Th : Table.Td;
  return (
    <Cell ta="right" style={moneyStyle} fw={strong ? 600 : undefined}>
      {cents(value)}
    </Cell>
  );
};
