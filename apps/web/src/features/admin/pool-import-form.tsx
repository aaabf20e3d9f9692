import {
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { adminReason, ipProductSchema, PRODUCT_NAMES, z } from '@proxydesk/contract';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { toastDone } from '../../lib/toast';
import { useImportPool } from './pools-api';

export const POOL_PRODUCTS = (['PR_4', 'PR_5'] as const).map((value) => ({
  value,
  label: PRODUCT_NAMES[value],
}));

const toLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The form's fields, checked by the import's contract schemas (its lines typed as text, one a line). */
const formSchema = z.object({
  product: ipProductSchema,
  text: z.string().check(
    z.refine((text) => toLines(text).length > 0, 'Give at least one line'),
    z.refine((text) => toLines(text).length <= 1000, 'At most 1,000 lines at once'),
  ),
  reason: adminReason,
});
type FormValues = z.infer<typeof formSchema>;

/** Adds addresses to a product's pool: IPv4 addresses and ranges, IPv6 addresses and prefixes, with ports. */
export const PoolImportForm = () => {
  const importPool = useImportPool();
  const [result, setResult] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: { product: 'PR_4', text: '', reason: '' },
    validate: schemaResolver(formSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) => {
    setResult(null);
    importPool.mutate(
      { product: values.product, lines: toLines(values.text), reason: values.reason },
      {
        onSuccess: (answer) => {
          setResult(answer.detail ?? null);
          toastDone(answer.detail ?? 'Imported');
          form.setFieldValue('text', '');
        },
      },
    );
  });
  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} aria-label="Import addresses">
      <Title order={3} size="h5" mb={4}>
        Import addresses
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Addresses already in the pool are kept as they are, so importing the same lines twice adds nothing.
      </Text>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label="Product"
            data={POOL_PRODUCTS}
            allowDeselect={false}
            {...form.getInputProps('product')}
          />
          <TextInput
            label="Reason (kept in the audit trail)"
            placeholder="New rack in Frankfurt"
            {...form.getInputProps('reason')}
          />
        </SimpleGrid>
        <Textarea
          label="Addresses, one a line"
          description="203.0.113.10:8000 · 203.0.113.10-203.0.113.50:8000 · [2001:db8::1]:9000 · [2001:db8::/120]:9000"
          autosize
          minRows={4}
          maxRows={12}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('text')}
        />
        {importPool.error && <FormAlert>{importPool.error.message}</FormAlert>}
        {result && <FormAlert color="green">{result}</FormAlert>}
        <Group justify="flex-end">
          <Button type="submit" loading={importPool.isPending}>
            Import
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};
