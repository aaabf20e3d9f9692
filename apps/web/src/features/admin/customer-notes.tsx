import { Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import type { AdminNote } from '@proxydesk/contract';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { toastDone } from '../../lib/toast';
import { useByHand } from './by-hand-api';
import { CustomerSection } from './customer-section';
import { when } from './format';

/** Staff notes on a customer (issue #30 item 7): staff read them, operators add them; the customer never sees them. */
export const CustomerNotes = ({
  customerId,
  notes,
  operator,
}: {
  customerId: string;
  notes: AdminNote[];
  operator: boolean;
}) => {
  const add = useByHand(customerId, 'addNote');
  const [body, setBody] = useState('');
  const submit = () =>
    add.mutate(
      { body },
      {
        onSuccess: () => {
          setBody('');
          toastDone('Note added');
        },
      },
    );
  return (
    <CustomerSection
      title="Staff notes"
      testId="customer-notes"
      aside={
        <Badge variant="light" color="gray">
          Staff only
        </Badge>
      }
    >
      <Stack gap="sm">
        {notes.length === 0 && (
          <Text size="sm" c="dimmed">
            No notes yet. Notes are for staff: the customer never sees them.
          </Text>
        )}
        {notes.map((note) => (
          <div key={note.id}>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {note.body}
            </Text>
            <Text size="xs" c="dimmed">
              {note.author ?? 'former staff'} · {when(note.created)}
            </Text>
          </div>
        ))}
        {operator && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="xs">
              <Textarea
                label="New note"
                placeholder="What the next person at the console should know"
                autosize
                minRows={2}
                maxLength={2000}
                value={body}
                onChange={(event) => setBody(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit();
                }}
              />
              <FormAlert>{add.error?.message}</FormAlert>
              <Group justify="flex-end">
                <Button type="submit" size="xs" loading={add.isPending} disabled={!body.trim()}>
                  Add note
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </CustomerSection>
  );
};
