import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { ProductTabLabel } from '../../components/product-tab-label';
import { GeneratorForm } from '../../features/proxies/generator-form';
import { NormalGenerator } from '../../features/proxies/normal-generator';

/**
 * /proxy (SPEC.md §2): Normal Proxies (the Residential plans) with one Generate button, Premium Proxies (the ISP
 * plan: not Premium Residential, issue #19) with location, type and 1–100.
 */
export const ProxyGeneratorPage = () => {
  const [tab, setTab] = useState<'normal' | 'premium'>('normal');
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
        {tab === 'normal' ? <NormalGenerator /> : <GeneratorForm cityAndIsp />}
      </Stack>
    </>
  );
};
