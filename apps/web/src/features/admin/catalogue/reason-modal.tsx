import { Modal, Stack, type TextInputProps } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { adminReason, z } from '@proxydesk/contract';
import type { ReactNode } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { FormButtons } from '../../../components/form-buttons';
import { ReasonAndButtons, ReasonInput, type ReasonAndButtonsProps } from '../reason-input';

/** Why an operator changes the catalogue: every edit names it, and the audit trail keeps it. */
/** A catalogue edit's example of a reason. */
const CATALOGUE_EXAMPLE = 'e.g. Autumn prices';

export const ReasonField = ({ placeholder = CATALOGUE_EXAMPLE, ...props }: TextInputProps) => (
  <ReasonInput placeholder={placeholder} required {...props} />
);

const reasonOnly = z.object({ reason: adminReason });

/** Red for what is hard to undo, dark enough for white text (4.5:1) in both themes. */
export const DANGER = 'red.9';

/** A confirmation that asks for the reason: switches, retiring, deleting, reordering. */
export const ReasonModal = ({
  title,
  children,
  confirm,
  danger = false,
  pending,
  error,
  onClose,
  onConfirm,
  initialReason = '',
}: {
  title: string;
  children?: ReactNode;
  confirm: string;
  danger?: boolean;
  pending: boolean;
  error: Error | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
  /** The reason given last, for a run of similar switches. */
  initialReason?: string;
}) => {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { reason: initialReason },
    validate: schemaResolver(reasonOnly, { sync: true }),
  });
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={form.onSubmit(({ reason }) => onConfirm(reason))} noValidate>
        <Stack>
          {children}
          <ReasonField data-autofocus {...form.getInputProps('reason')} key={form.key('reason')} />
          <FormAlert>{error?.message}</FormAlert>
          <FormButtons
            label={confirm}
            color={danger ? DANGER : undefined}
            pending={pending}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
};

/**
 * The last rows of every catalogue edit: the console's ReasonAndButtons, its reason's placeholder the catalogue's
 * own where the edit suggests none.
 */
export const ReasonAndSave = ({ placeholder = CATALOGUE_EXAMPLE, ...props }: ReasonAndButtonsProps) => (
  <ReasonAndButtons placeholder={placeholder} {...props} />
);
