import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { billingBodySchema, type BillingBody } from '@proxydesk/contract';
import { BillingFields } from '../../components/billing-fields';
import { FormAlert } from '../../components/form-alert';
import { useSaveBilling } from './api/billing';

/** Billing details (SPEC.md §2 modal "billing"): every field required, the country from the list. */
export const BillingModal = ({
  opened,
  onClose,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const save = useSaveBilling();
  const form = useForm<BillingBody>({
    mode: 'uncontrolled',
    initialValues: { first_name: '', last_name: '', address: '', city: '', zip: '', country: '' },
    validate: schemaResolver(billingBodySchema, { sync: true }),
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Billing details" centered size="lg" id="billing">
      <form onSubmit={form.onSubmit((values) => save.mutate(values, { onSuccess: onSaved }))} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            We put these on your invoices. You enter them once.
          </Text>
          <FormAlert>{save.error?.message}</FormAlert>
          <BillingFields form={form} tax={false} />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save and continue
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
