import { Card, NumberInput, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  fairUseEndpoints as endpoints,
  PRODUCT_NAMES,
  type FairUseMaximumBody,
  type FairUseMaximumView,
} from '@proxydesk/contract';
import { useQuery } from '@tanstack/react-query';
import { QueryError } from '../../../components/query-error';
import { call } from '../../../lib/api';
import type { SectionProps } from './catalogue-page';
import { bodyOf, useCatalogueEdit } from './catalogue-api';
import { ReasonAndSave } from './reason-modal';

/** The shop's fair-use maximums, one per plan type (issue #31 item 3). */
const useFairUseMaximums = () =>
  useQuery({
    queryKey: ['admin', 'fair-use'],
    queryFn: async ({ signal }) => (await call(endpoints.maximums, { signal })).payload.maximums,
  });

/** A maximum's three figures, in the order the form shows them. */
const FIELDS = [
  { name: 'max_sources', label: 'Source addresses', description: '0: no cap', min: 0 },
  { name: 'window_minutes', label: 'Window (minutes)', description: 'For the sources', min: 1 },
  { name: 'max_connections', label: 'Open connections', description: '0: no cap', min: 0 },
] as const satisfies { name: keyof FairUseMaximumBody; label: string; description: string; min: number }[];

const MaximumForm = ({ maximum, canEdit }: { maximum: FairUseMaximumView; canEdit: boolean }) => {
  const save = useCatalogueEdit(endpoints.setMaximum);
  const form = useForm<FairUseMaximumBody>({
    initialValues: {
      max_sources: maximum.max_sources,
      window_minutes: maximum.window_minutes,
      max_connections: maximum.max_connections,
      reason: '',
    },
    validate: schemaResolver(bodyOf(endpoints.setMaximum), { sync: true }),
  });
  const submit = form.onSubmit((body) =>
    save.mutate(
      { params: { product: maximum.product }, body },
      { onSuccess: () => form.setFieldValue('reason', '') },
    ),
  );
  const name = PRODUCT_NAMES[maximum.product];
  return (
    <Card withBorder padding="lg" data-testid={`fair-use-${maximum.product}`}>
      <form onSubmit={submit} noValidate aria-label={`${name} fair use`}>
        <Stack gap="sm">
          <Title order={3} size="h5">
            {name}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            {FIELDS.map(({ name, label, description, min }) => (
              <NumberInput
                key={name}
                label={label}
                description={description}
                min={min}
                allowDecimal={false}
                readOnly={!canEdit}
                {...form.getInputProps(name)}
              />
            ))}
          </SimpleGrid>
          {canEdit && (
            <>
              <ReasonAndSave
                form={form}
                call={save}
                placeholder="e.g. Accounts shared on a forum"
                label="Save maximums"
              />
            </>
          )}
        </Stack>
      </form>
    </Card>
  );
};

/**
 * Fair use against sharing (issue #31 item 3): per plan type sold by the GB with credentials, the most source
 * addresses per window and open connections per set of credentials. Customers set caps within them; a lowered
 * maximum clamps theirs at the gateways within their change delay.
 */
export const FairUseSection = ({ canEdit }: SectionProps) => {
  const maximums = useFairUseMaximums();
  return (
    <Stack gap="md" maw={760}>
      <Text size="sm" c="dimmed">
        Per set of proxy credentials (a customer&apos;s own line, each sub-user&apos;s). Going over is refused
        with 429 and written to the access log. Datacenter and IPv6 lines (whitelisted IPs) are not counted.
      </Text>
      {maximums.error ? (
        <QueryError error={maximums.error} onRetry={() => void maximums.refetch()} />
      ) : !maximums.data ? (
        <Skeleton height={220} />
      ) : (
        maximums.data.map((maximum) => (
          <MaximumForm
            key={`${maximum.product}/${maximum.max_sources}/${maximum.window_minutes}/${maximum.max_connections}`}
            maximum={maximum}
            canEdit={canEdit}
          />
        ))
      )}
    </Stack>
  );
};
