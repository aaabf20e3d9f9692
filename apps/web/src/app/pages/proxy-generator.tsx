import { Button, Card, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { PageHeader } from '../../components/page-header';
import { ProductTabLabel } from '../../components/product-tab-label';
import { useGenerateProxies } from '../../features/proxies/api/proxies';
import { GeneratorForm } from '../../features/proxies/generator-form';
import { ProxiesOutput } from '../../features/proxies/proxies-output';

/**
 * /proxy (SPEC.md §2): Normal Proxies (the Residential plans) with one Generate button, Premium Proxies (the ISP
 * plan: not Premium Residential, issue #19) with location, type and 1–100.
 */
export const ProxyGeneratorPage = () => {
  const [tab, setTab] = useState<'normal' | 'premium'>('normal');
  const normal = useGenerateProxies();
  return (
    <>
      <PageHeader title="Proxy generator" description="Lines for your plans, ready to paste." />
      <Stack gap="md">
        <SegmentedControl
          value={tab}
          onChange={(v) => setTab(v)}
          data={[
            { value: 'normal', label: <ProductTabLabel title="Normal Proxies" product="Residential" /> },
            { value: 'premium', label: <ProductTabLabel title="Premium Proxies" product="ISP" /> },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {tab === 'normal' ? (
          <>
            <Card withBorder padding="lg">
              <Stack gap="sm" align="flex-start">
                <Text size="sm" c="dimmed">
                  A rotating line for your normal plan: every request leaves from a new IP.
                </Text>
                <FormAlert>{normal.error?.message}</FormAlert>
                <Button loading={normal.isPending} onClick={() => normal.mutate({ proxy_type: 'normal' })}>
                  Generate
                </Button>
              </Stack>
            </Card>
            {normal.data && <ProxiesOutput proxies={normal.data.payload.proxies} />}
          </>
        ) : (
          <GeneratorForm cityAndIsp />
        )}
      </Stack>
    </>
  );
};
