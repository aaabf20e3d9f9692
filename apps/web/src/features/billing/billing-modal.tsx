import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { billingBodySchema, COUNTRIES, type BillingBody } from '@proxydesk/contract';
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
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="First name"
              autoComplete="given-name"
              required
              {...form.getInputProps('first_name')}
              key={form.key('first_name')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              required
              {...form.getInputProps('last_name')}
              key={form.key('last_name')}
            />
          </SimpleGrid>
          <TextInput
            label="Address"
            autoComplete="street-address"
            required
            {...form.getInputProps('address')}
            key={form.key('address')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="City"
              autoComplete="address-level2"
              required
              {...form.getInputProps('city')}
              key={form.key('city')}
            />
            <TextInput
              label="ZIP"
              autoComplete="postal-code"
              required
              {...form.getInputProps('zip')}
              key={form.key('zip')}
            />
          </SimpleGrid>
          <Select
            label="Country"
            placeholder="Choose a country"
            data={[...COUNTRIES]}
            searchable
            required
            {...form.getInputProps('country')}
            key={form.key('country')}
          />
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
