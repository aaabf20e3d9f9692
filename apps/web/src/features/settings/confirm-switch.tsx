import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { FormAlert } from '../../components/form-alert';

/**
 * A switch that flips at once and asks for confirmation (SPEC.md §4): Cancel flips it back, Continue
 * runs `onConfirm` with the new value. `fields` adds inputs to the modal (the current password for a
 * security change), `note` an informative line, and `onClose` hears of every closing.
 */
export const ConfirmSwitch = ({
  label,
  description,
  checked,
  title,
  message,
  confirmLabel = 'Continue',
  danger = false,
  onConfirm,
  pending,
  error,
  note,
  fields,
  onClose,
}: {
  label: string;
  description: string;
  checked: boolean;
  title: string;
  message: (next: boolean) => ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  onConfirm: (next: boolean, done: () => void) => void;
  pending: boolean;
  error: string | null | undefined;
  note?: string | null | undefined;
  fields?: (next: boolean) => ReactNode;
  onClose?: () => void;
}) => {
  const [asked, setAsked] = useState<boolean | null>(null);
  const shown = asked ?? checked;
  const close = () => {
    setAsked(null);
    onClose?.();
  };
  return (
    <>
      <Switch
        label={label}
        description={description}
        checked={shown}
        onChange={(e) => setAsked(e.currentTarget.checked)}
        size="md"
        color={danger ? 'red' : undefined}
      />
      <Modal opened={asked !== null} onClose={close} title={title} centered>
        <Stack gap="md">
          <Text size="sm">{asked !== null && message(asked)}</Text>
          {asked !== null && fields?.(asked)}
          <FormAlert>{error}</FormAlert>
          <FormAlert color="blue">{note}</FormAlert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color={danger ? 'red' : undefined}
              loading={pending}
              onClick={() => asked !== null && onConfirm(asked, close)}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
};
