import { Modal, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { adminReason, z } from '@proxydesk/contract';
import type { ReactNode } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { FormButtons, type FormButtonsProps } from '../../../components/form-buttons';

/** Why an operator changes the catalogue: every edit names it, and the audit trail keeps it. */
export const ReasonField = ({ placeholder = 'e.g. Autumn prices', ...props }: TextInputProps) => (
  <TextInput
    label="Reason"
    description="Kept in the audit trail"
    placeholder={placeholder}
    required
    {...props}
  />
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

/** What `ReasonAndSave` reads of a form: the reason's input props and its key. */
interface ReasonForm {
  getInputProps: (path: 'reason') => TextInputProps;
  key: (path: 'reason') => string;
}

/**
 * The last rows of every catalogue edit: the reason (a placeholder where the edit suggests its own), the call's
 * error and the buttons, which wait while the call is out.
 */
export const ReasonAndSave = ({
  form,
  call,
  placeholder,
  ...buttons
}: Omit<FormButtonsProps, 'pending'> & {
  form: ReasonForm;
  call: { error: Error | null; isPending: boolean };
  placeholder?: string;
}) => (
  <>
    <ReasonField placeholder={placeholder} {...form.getInputProps('reason')} key={form.key('reason')} />
    <FormAlert>{call.error?.message}</FormAlert>
    <FormButtons {...buttons} pending={call.isPending} />
  </>
);
