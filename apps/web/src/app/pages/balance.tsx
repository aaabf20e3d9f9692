import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { invoiceEndpoints, type PaymentMethodCode } from '@proxydesk/contract';
import { IconWallet } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { PageHeader } from '../../components/page-header';
import { StatCard } from '../../components/stat-card';
import { usePaymentMethods } from '../../features/billing/api/billing';
import { BalanceHistory } from '../../features/billing/balance-history';
import { useAccess } from '../../lib/access';
import { call } from '../../lib/api';
import { formatEuro } from '../../lib/format';
import { PaymentMethodSelect } from '../../features/billing/payment-method-select';

/** /balance (SPEC.md §2, resellers): Available Balance and Add Balance (Amount(EUR) > 0, payment method). */
export const BalancePage = () => {
  const access = useAccess();
  const methods = usePaymentMethods();
  const [amount, setAmount] = useState<number | string>(50);
  const [method, setMethod] = useState<string | null>(null);
  const topUp = useMutation({
    mutationFn: (body: { amount: number; payment_method: PaymentMethodCode }) =>
      call(invoiceEndpoints.createBalance, { body }),
    onSuccess: ({ payload }) => {
      if (payload.hosted_url) window.location.assign(payload.hosted_url);
    },
  });
  const options = (methods.data ?? [])
    .filter((m) => m.code !== 'balance')
    .map((m) => ({ value: m.code, label: m.name }));
  const chosen = method ?? options[0]?.value ?? null;
  const value = Number(amount);
  const valid = amount !== '' && value > 0 && Math.round(value * 100) === value * 100;

  if (access.data && !access.data.isReseller) {
    return (
      <>
        <PageHeader title="Balance" />
        <Card withBorder padding="xl">
          <Text fw={600}>Balance is for resellers</Text>
          <Text size="sm" c="dimmed">
            Resellers keep a balance to pay for plans at once. Ask us on Discord to become one.
          </Text>
        </Card>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Balance"
        description="Top up once, then pay for plans from your balance instantly."
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {/* Its own height, not stretched to the form's beside it. */}
        <div>
          <StatCard
            label="Available Balance"
            icon={<IconWallet size={20} />}
            loading={access.isPending}
            value={access.data && formatEuro(access.data.balance)}
          />
        </div>
        <Card withBorder padding="lg">
          <Title order={3} size="h4" mb="sm">
            Add Balance
          </Title>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (valid && chosen)
                topUp.mutate({ amount: value, payment_method: chosen as PaymentMethodCode });
            }}
          >
            <Stack gap="sm">
              <FormAlert>{topUp.error?.message}</FormAlert>
              <NumberInput
                label="Amount(EUR)"
                min={0.01}
                decimalScale={2}
                value={amount}
                onChange={setAmount}
                required
                error={valid ? undefined : 'Enter an amount above 0'}
                leftSection="€"
              />
              <PaymentMethodSelect
                data={options}
                value={chosen}
                onChange={setMethod}
                loading={methods.isPending}
              />
              <Group>
                <Button type="submit" loading={topUp.isPending} disabled={!valid || !chosen}>
                  Add Balance
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      </SimpleGrid>
      <Stack mt="md">
        <BalanceHistory />
      </Stack>
    </>
  );
};
