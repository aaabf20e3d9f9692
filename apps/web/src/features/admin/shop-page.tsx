import {
  Button,
  Card,
  Code,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { documentNumber, shopIdentityBodySchema, type ShopIdentity } from '@proxydesk/contract';
import { FormAlert } from '../../components/form-alert';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { toastDone } from '../../lib/toast';
import { ReasonField } from './catalogue/reason-modal';
import { useIsOperator } from './me-api';
import { useSaveShopIdentity, useShopIdentity } from './shop-api';

type Values = { [K in keyof ShopIdentity]: string } & { reason: string };

const valuesOf = (shop: ShopIdentity): Values => ({
  seller_name: shop.seller_name ?? '',
  seller_address: shop.seller_address ?? '',
  vat_number: shop.vat_number ?? '',
  registration_number: shop.registration_number ?? '',
  email: shop.email ?? '',
  support_url: shop.support_url ?? '',
  invoice_prefix: shop.invoice_prefix,
  footer: shop.footer ?? '',
  reason: '',
});

/** The form, filled with what is saved; read-only for support. */
const ShopForm = ({ shop, operator }: { shop: ShopIdentity; operator: boolean }) => {
  const save = useSaveShopIdentity();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(shop),
    validate: schemaResolver(shopIdentityBodySchema, { sync: true }),
  });
  const field = (name: keyof Values) => ({
    ...form.getInputProps(name),
    key: form.key(name),
    readOnly: !operator,
  });
  const example = documentNumber(form.values.invoice_prefix || 'INV', new Date().getFullYear(), 124);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate(values, {
          onSuccess: (answer) => {
            toastDone(answer.detail ?? 'Saved');
            form.setFieldValue('reason', '');
            form.resetDirty();
          },
        }),
      )}
    >
      <Stack gap="lg">
        <Card withBorder padding="lg">
          <Title order={3} size="h5" mb="xs">
            Seller
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Who sells, as every invoice and credit note says it. A document keeps the details it was issued
            with: a change here shows on documents issued from now on.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Seller name"
              placeholder="Acme Proxies Ltd"
              required
              {...field('seller_name')}
            />
            <TextInput label="E-mail" placeholder="billing@example.com" type="email" {...field('email')} />
            <Textarea
              label="Address"
              description="One line each: street, postcode and town, country"
              autosize
              minRows={3}
              required
              {...field('seller_address')}
            />
            <Stack gap="md">
              <TextInput label="VAT number" placeholder="IE1234567T" {...field('vat_number')} />
              <TextInput
                label="Registration number"
                placeholder="Company register number"
                {...field('registration_number')}
              />
            </Stack>
          </SimpleGrid>
        </Card>
        <Card withBorder padding="lg">
          <Title order={3} size="h5" mb="md">
            Documents and help
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Invoice prefix"
              description={
                <>
                  Invoice numbers read like <Code>{example}</Code>; credit notes are CN-…
                </>
              }
              required
              {...field('invoice_prefix')}
            />
            <TextInput
              label="Support link"
              description="A page or a mailto: link; the sign-in pages show it from the next start"
              placeholder="https://example.com/help"
              {...field('support_url')}
            />
            <Textarea
              label="Footer"
              description="At the foot of every document: bank details, a legal note"
              autosize
              minRows={2}
              style={{ gridColumn: '1 / -1' }}
              {...field('footer')}
            />
          </SimpleGrid>
        </Card>
        {operator && (
          <Card withBorder padding="lg">
            <Stack gap="sm">
              <ReasonField placeholder="e.g. New office address" {...field('reason')} />
              <FormAlert>{save.error?.message}</FormAlert>
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  Save
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
      </Stack>
    </form>
  );
};

/** Console → Shop (issue #30 §3): the seller on invoices and credit notes, the invoice prefix, footer and help. */
export const ShopPage = () => {
  const { data, error, refetch } = useShopIdentity();
  const operator = useIsOperator();
  return (
    <>
      <PageHeader
        title="Shop"
        description={
          operator
            ? 'The seller on invoices and credit notes. Changes are kept in the audit trail.'
            : 'The seller on invoices and credit notes. Operators change it.'
        }
      />
      {error ? (
        <QueryError error={error} title="Could not load the shop's details" onRetry={() => void refetch()} />
      ) : !data ? (
        <Stack gap="lg" role="status" aria-label="Loading the shop's details">
          <Skeleton height={260} radius="md" />
          <Skeleton height={180} radius="md" />
        </Stack>
      ) : (
        <ShopForm shop={data} operator={operator} />
      )}
    </>
  );
};
