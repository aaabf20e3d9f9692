import { Anchor, Group, Stack, Text, TextInput } from '@mantine/core';
import type { auditEntrySchema, z } from '@proxydesk/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useAudit } from './api';
import { changeLines } from './audit-change';
import { when } from './format';
import { DayRange, FilteredList } from './filtered-list';
import { ColumnsTable, type Column } from './read-only-list';
import { useUrlFilters } from './url-filters';

type AuditEntry = z.infer<typeof auditEntrySchema>;
const FILTERS = ['actor', 'action', 'target', 'from', 'to'] as const;
const TEXT_FILTERS = [
  { name: 'actor', label: 'Actor', placeholder: 'username or cli', w: 150 },
  { name: 'action', label: 'Action', placeholder: 'customer., balance.', w: 150 },
  { name: 'target', label: 'Customer', placeholder: 'username or id', w: 220 },
] as const;

/** Before → after as one line per changed field (issue #33 item 5), never raw JSON. */
const Change = ({ before, after }: { before: unknown; after: unknown }) => {
  const lines = changeLines(before, after);
  if (lines.length === 0)
    return (
      <Text span c="dimmed" inherit>
        —
      </Text>
    );
  return (
    <Stack gap={2}>
      {lines.map((line) => (
        <Text key={line.field ?? ''} size="sm">
          {line.field && <Text span c="dimmed" inherit>{`${line.field}: `}</Text>}
          {line.from} → <b>{line.to}</b>
        </Text>
      ))}
    </Stack>
  );
};

/** What an entry acted on: a customer's page, else the kind of thing and its short id. */
const Target = ({ entry }: { entry: AuditEntry }) =>
  entry.target_type === 'user' ? (
    <Anchor component={Link} to={`/admin/customers/${entry.target_id}`} size="sm">
      {entry.target_name ?? 'customer'}
    </Anchor>
  ) : (
    <Text size="sm">
      {entry.target_type}{' '}
      <Text span c="dimmed" inherit ff="monospace">
        {entry.target_id.split('-')[0]}
      </Text>
    </Text>
  );

const COLUMNS: Column<AuditEntry>[] = [
  { label: 'When', cell: (entry) => when(entry.created), nowrap: true },
  {
    label: 'Actor',
    cell: (entry) => (
      <>
        {entry.actor}
        {entry.ip && (
          <Text size="xs" c="dimmed">
            {entry.ip}
          </Text>
        )}
      </>
    ),
  },
  { label: 'Action', cell: (entry) => entry.action },
  { label: 'Target', cell: (entry) => <Target entry={entry} /> },
  { label: 'Before → after', cell: (entry) => <Change before={entry.before} after={entry.after} /> },
  { label: 'Reason', cell: (entry) => entry.reason },
];

/** The audit trail, read-only (issue #17 §7): who, when, from where, what, before → after, why. */
export const AuditPage = () => {
  const filters = useUrlFilters(FILTERS);
  const { values, page, set } = filters;
  const [debounced] = useDebouncedValue(values, 400);
  const query = useAudit(debounced, page);

  return (
    <>
      <PageHeader
        title="Audit"
        description="Every operator action and command, newest first. Nobody can edit it."
      />
      <Group mb="md" wrap="wrap" align="flex-end" gap="sm">
        {TEXT_FILTERS.map(({ name, label, placeholder, w }) => (
          <TextInput
            key={name}
            label={label}
            placeholder={placeholder}
            value={values[name]}
            onChange={(event) => set({ [name]: event.currentTarget.value })}
            w={{ base: '100%', xs: w }}
          />
        ))}
        <DayRange from={values.from} to={values.to} set={set} />
      </Group>
      <FilteredList
        query={query}
        filters={filters}
        empty={{
          filtered: { title: 'Nothing matches these filters', hint: 'Widen the days or clear the filters.' },
          none: { title: 'Nothing done yet', hint: 'Every operator action and command will be listed here.' },
        }}
        noun={['entry', 'entries']}
      >
        {(rows) => (
          <ColumnsTable
            columns={COLUMNS}
            rows={rows}
            rowKey={(row) => String(row.id)}
            minWidth={820}
            testId="audit-table"
          />
        )}
      </FilteredList>
    </>
  );
};
