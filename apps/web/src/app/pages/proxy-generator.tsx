import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { GeneratorForm } from '../../features/proxies/generator-form';
import { NormalGenerator } from '../../features/proxies/normal-generator';

/**
 * /proxy (SPEC.md §2): SPEC.md's Normal Proxies (the Residential plans) with one Generate button, and its Premium
 * Proxies, which are the ISP plan's (`proxy_type: premium` in the API): called ISP on screen, as "Premium" is
 * Premium Residential's alone (issue #33). ISP lines have no city or ISP to choose: location, type and 1–100.
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
          aria-label="Product"
          data={[
            { value: 'normal', label: 'Residential' },
            { value: 'premium', label: 'ISP' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {tab === 'normal' ? <NormalGenerator /> : <GeneratorForm cityAndIsp={false} />}
      </Stack>
    </>
  );
};
