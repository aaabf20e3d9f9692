import { Card, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { adminCatalogueEndpoints as endpoints, PRODUCT_NAMES } from '@proxydesk/contract';
import type { SectionProps } from './catalogue-page';
import { type BodyInput, bodyOf, useCatalogueEdit } from './catalogue-api';
import { ReasonAndSave } from './reason-modal';

type DayPricesBody = BodyInput<typeof endpoints.setDayPrices>;
type IpProduct = SectionProps['catalogue']['day_prices'][number]['type'];

/** One product's price of one IP for 1..30 days: a custom plan costs that × (1 + 0.8 × (IPs − 1)). */
const DayPriceTable = ({
  type,
  prices,
  canEdit,
}: {
  type: IpProduct;
  prices: number[];
  canEdit: boolean;
}) => {
  const save = useCatalogueEdit(endpoints.setDayPrices);
  const form = useForm<DayPricesBody>({
    initialValues: { prices, reason: '' },
    validate: schemaResolver(bodyOf(endpoints.setDayPrices), { sync: true }),
  });
  const submit = form.onSubmit((body) =>
    save.mutate({ params: { type }, body }, { onSuccess: () => form.setFieldValue('reason', '') }),
  );
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Title order={3} size="h5">
              {PRODUCT_NAMES[type]} custom plan
            </Title>
            <Text size="sm" c="dimmed">
              What one IP costs for that many days (€); each further IP adds 80%.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 3, sm: 5, lg: 6 }} spacing="xs" verticalSpacing="xs">
            {prices.map((_, index) => (
              <NumberInput
                key={index}
                label={`${index + 1} ${index === 0 ? 'day' : 'days'}`}
                min={0}
                decimalScale={2}
                fixedDecimalScale
                hideControls
                readOnly={!canEdit}
                {...form.getInputProps(`prices.${index}`)}
              />
            ))}
          </SimpleGrid>
          {canEdit && (
            <>
              <ReasonAndSave form={form} call={save} label={`Save ${PRODUCT_NAMES[type]} prices`} />
            </>
          )}
        </Stack>
      </form>
    </Card>
  );
};

/** The custom-plan day-price table of each IP product (issue #17 §5). */
export const DayPricesSection = ({ catalogue, canEdit }: SectionProps) => (
  <Stack gap="lg">
    {catalogue.day_prices.map((table) => (
      <DayPriceTable key={table.type} type={table.type} prices={table.prices} canEdit={canEdit} />
    ))}
  </Stack>
);
