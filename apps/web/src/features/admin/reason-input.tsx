import { TextInput, type TextInputProps } from '@mantine/core';
import { FormAlert } from '../../components/form-alert';
import { FormButtons, type FormButtonsProps } from '../../components/form-buttons';

/** Why staff do what they do in the console (a refund, a re-send, an edit): the audit trail keeps it. */
export const ReasonInput = (props: TextInputProps) => (
  <TextInput label="Reason" description="Kept in the audit trail" {...props} />
);

/** What `ReasonAndButtons` reads of a form: the reason's input props and its key. */
interface ReasonForm {
  getInputProps: (path: 'reason') => TextInputProps;
  key: (path: 'reason') => string;
}

export type ReasonAndButtonsProps = Omit<FormButtonsProps, 'pending'> & {
  form: ReasonForm;
  call: { error: Error | null; isPending: boolean };
  placeholder?: string | undefined;
  /** The reason takes the focus when the modal opens (the form has no field before it). */
  autoFocus?: boolean;
};

/**
 * The last rows of a console form that acts for staff: the reason, the call's error and the buttons, which wait
 * while the call is out.
 */
export const ReasonAndButtons = ({
  form,
  call,
  placeholder,
  autoFocus,
  ...buttons
}: ReasonAndButtonsProps) => (
  <>
    <ReasonInput
      required
      placeholder={placeholder}
      data-autofocus={autoFocus}
      {...form.getInputProps('reason')}
      key={form.key('reason')}
    />
    <FormAlert>{call.error?.message}</FormAlert>
    <FormButtons {...buttons} pending={call.isPending} />
  </>
);
