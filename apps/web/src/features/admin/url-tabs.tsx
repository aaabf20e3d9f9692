import { Tabs } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

export interface UrlTab {
  value: string;
  label: string;
  icon: Icon;
  panel: ReactNode;
}

/**
 * A console page's tabs: the open one is the URL's `tab` (absent for the first), each panel mounted only while
 * it is open; changing tabs starts the URL afresh (the tab's own filters then fill it).
 */
export const UrlTabs = ({ tabs }: { tabs: [UrlTab, ...UrlTab[]] }) => {
  const [params, setParams] = useSearchParams();
  const first = tabs[0].value;
  const tab = tabs.find(({ value }) => value === params.get('tab'))?.value ?? first;
  return (
    <Tabs
      value={tab}
      onChange={(value) => setParams(value && value !== first ? { tab: value } : {}, { replace: true })}
      keepMounted={false}
    >
      <Tabs.List mb="md">
        {tabs.map(({ value, label, icon: TabIcon }) => (
          <Tabs.Tab key={value} value={value} leftSection={<TabIcon size={16} aria-hidden />}>
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map(({ value, panel }) => (
        <Tabs.Panel key={value} value={value}>
          {panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
};
