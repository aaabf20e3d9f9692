import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { useIsOperator } from './me-api';
import { PoolAddresses } from './pool-addresses';
import { PoolImportForm } from './pool-import-form';
import { PoolUtilisation } from './pool-utilisation';

/** The datacenter and IPv6 address pools (issue #17 §6). */
export const PoolsPage = () => {
  const operator = useIsOperator();
  return (
    <>
      <PageHeader
        title="Pools"
        description="Datacenter and IPv6 addresses: what is in use, by whom, and what is free."
      />
      <PoolUtilisation />
      <Stack gap="lg">
        {operator && <PoolImportForm />}
        <PoolAddresses />
      </Stack>
    </>
  );
};
