import { Button, Group } from '@mantine/core';

export interface FormButtonsProps {
  label: string;
  color?: string | undefined;
  pending: boolean;
  onCancel?: () => void;
}

/** The buttons under a form in a modal or a card: Cancel and the submit, which waits while the call is out. */
export const FormButtons = ({ label, color, pending, onCancel }: FormButtonsProps) => (
  <Group justify="flex-end">
    {onCancel && (
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
    )}
    <Button type="submit" color={color} loading={pending}>
      {label}
    </Button>
  </Group>
);
