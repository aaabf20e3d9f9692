import { Alert, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { subuserNameSchema, type Subuser, type SubuserProduct } from '@proxydesk/contract';
import { useState } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { FormAlert } from '../../../components/form-alert';
import { useCreateSubuser, useDeleteSubuser } from '../api/subusers';
import { FormButtons } from '../../../components/form-buttons';

/** A password the server just made, shown once: after creating the sub-user or asking for a new one. */
export interface ShownPassword {
  subuser: Subuser;
  password: string;
  created: boolean;
}

/** A name for the new sub-user; the shop makes its username and password. */
export const CreateDialog = ({
  product,
  opened,
  onClose,
  onCreated,
}: {
  product: SubuserProduct;
  opened: boolean;
  onClose: () => void;
  onCreated: (made: { subuser: Subuser; password: string }) => void;
}) => {
  const create = useCreateSubuser();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setName('');
    setError(null);
    create.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="New sub-user" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = subuserNameSchema.safeParse(name);
          if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Name is required');
          setError(null);
          create.mutate(
            { product, name: parsed.data },
            {
              onSuccess: ({ payload }) => {
                setName('');
                create.reset();
                onCreated(payload);
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <FormAlert>{create.error?.message}</FormAlert>
          <TextInput
            label="Name"
            description="Yours to recognise it by: a person, a client, a tool."
            placeholder="e.g. Scraper EU"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            maxLength={60}
            data-autofocus
            required
          />
          <FormButtons label="Create" pending={create.isPending} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
};

const Secret = ({ label, value }: { label: string; value: string }) => (
  <div>
    <Text size="sm" fw={500} mb={4}>
      {label}
    </Text>
    <Group gap="xs" wrap="nowrap">
      <Code
        fz="sm"
        style={{ flexGrow: 1, wordBreak: 'break-all' }}
        data-testid={`shown-${label.toLowerCase()}`}
      >
        {value}
      </Code>
      <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
    </Group>
  </div>
);

/** The credentials with a copy button each; the password is not shown again once closed. */
export const PasswordDialog = ({ shown, onClose }: { shown: ShownPassword | null; onClose: () => void }) => (
  <Modal
    opened={shown !== null}
    onClose={onClose}
    title={shown?.created ? `${shown.subuser.name} is ready` : 'New password'}
    centered
  >
    {shown && (
      <Stack gap="sm">
        <Alert color="yellow" variant="light">
          Copy the password now: it is shown only this once.
          {shown.created ? '' : ' Lines made with the old one no longer work.'}
        </Alert>
        <Secret label="Username" value={shown.subuser.username} />
        <Secret label="Password" value={shown.password} />
        <Text size="sm" c="dimmed">
          Or generate ready-made lines for {shown.subuser.name} below, with “For” set to it.
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    )}
  </Modal>
);

export const DeleteDialog = ({ subuser, onClose }: { subuser: Subuser | null; onClose: () => void }) => {
  const remove = useDeleteSubuser();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={subuser !== null} onClose={close} title="Delete sub-user" centered>
      {subuser && (
        <Stack gap="sm">
          <FormAlert>{remove.error?.message}</FormAlert>
          <Text size="sm">
            Delete <b>{subuser.name}</b>? Its lines stop working at once, and this cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(subuser.id, { onSuccess: close })}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
};
