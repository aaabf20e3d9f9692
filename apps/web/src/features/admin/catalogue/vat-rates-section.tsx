import { Alert, Button, Card, Modal, NumberInput, Stack, Table, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { adminTaxEndpoints as endpoints } from '@proxydesk/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageSkeleton } from '../../../components/page-skeleton';
import { QueryError } from '../../../components/query-error';
import { call } from '../../../lib/api';
import type { SectionProps } from './catalogue-page';
import { bodyOf, useCatalogueEdit, type BodyInput } from './catalogue-api';
import { ReasonAndSave } from './reason-modal';

type RateBody = BodyInput<typeof endpoints.setRate>;
const rules = schemaResolver(bodyOf(endpoints.setRate), { sync: true });

const useVatRates = () =>
  useQuery({
    queryKey: ['admin', 'vat-rates'],
    queryFn: async ({ signal }) => (await call(endpoints.rates, { signal })).payload,
  });

const EditRate = ({
  code,
  country,
  rate,
  onClose,
}: {
  code: string;
  country: string;
  rate: number;
  onClose: () => void;
}) => {
  const save = useCatalogueEdit(endpoints.setRate);
  const form = useForm<RateBody>({ initialValues: { rate, reason: '' }, validate: rules });
  return (
    <Modal opened onClose={onClose} title={`VAT rate of ${country}`} centered>
      <form
        noValidate
        onSubmit={form.onSubmit((body) =>
          save.mutate({ params: { id: code }, body }, { onSuccess: onClose }),
        )}
      >
        <Stack>
          <NumberInput
            label="Standard rate (%)"
            description="Invoices made from now on use it; issued ones keep theirs"
            min={0}
            max={50}
            decimalScale={2}
            data-autofocus
            {...form.getInputProps('rate')}
          />
          <ReasonAndSave form={form} call={save} label="Save rate" onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
};

/** The EU member states' standard VAT rates (issue #30 item 4): read by staff, changed by operators. */
export const VatRatesSection = ({ canEdit }: SectionProps) => {
  const { data, error, refetch } = useVatRates();
  const [editing, setEditing] = useState<{ code: string; country: string; rate: number } | null>(null);
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (!data) return <PageSkeleton />;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Alert color={data.mode === 'eu-vat' ? 'blue' : 'gray'} variant="light" data-testid="tax-mode">
          {data.mode === 'eu-vat'
            ? `TAX_MODE eu-vat: the shop is in ${data.shop_country ?? '—'}; catalogue prices ${
                data.prices_include_vat ? 'include VAT' : 'are without VAT (it is added at checkout)'
              }. Consumers pay their country's rate; businesses of other member states are reverse-charged.`
            : 'TAX_MODE none: invoices carry no VAT. These rates apply once TAX_MODE is eu-vat.'}
        </Alert>
        <Table.ScrollContainer minWidth={320} type="native">
          <Table verticalSpacing="xs" striped data-testid="vat-rates">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Member state</Table.Th>
                <Table.Th>Code</Table.Th>
                <Table.Th ta="right">Standard rate</Table.Th>
                {canEdit && <Table.Th aria-label="Actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rates.map((row) => (
                <Table.Tr key={row.country_code}>
                  <Table.Td>{row.country}</Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {row.country_code}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{row.rate} %</Table.Td>
                  {canEdit && (
                    <Table.Td ta="right">
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        aria-label={`Edit the VAT rate of ${row.country}`}
                        onClick={() =>
                          setEditing({ code: row.country_code, country: row.country, rate: row.rate })
                        }
                      >
                        Edit
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      {editing && <EditRate {...editing} onClose={() => setEditing(null)} />}
    </Card>
  );
};
