import { Button, Card, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { useGenerateProxies } from './api/proxies';
import { ProxiesOutput } from './proxies-output';
import { SubuserSelect } from './subusers/subuser-select';

/**
 * The normal (residential) plan's one Generate button (SPEC.md §2 Normal Proxies) and its line with Copy: on /proxy
 * and on /product/residential, which also offers its sub-users' lines (`withSubusers`, issue #31).
 */
export const NormalGenerator = ({ withSubusers = false }: { withSubusers?: boolean }) => {
  const normal = useGenerateProxies();
  const [subuser, setSubuser] = useState('');
  return (
    <>
      <Card withBorder padding="lg">
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="dimmed">
            A rotating line for your normal plan: every request leaves from a new IP.
          </Text>
          <FormAlert>{normal.error?.message}</FormAlert>
          {withSubusers && <SubuserSelect product="PR_3" value={subuser} onChange={setSubuser} />}
          <Button
            loading={normal.isPending}
            onClick={() => normal.mutate({ proxy_type: 'normal', ...(subuser ? { subuser } : {}) })}
          >
            Generate
          </Button>
        </Stack>
      </Card>
      {normal.data && <ProxiesOutput proxies={normal.data.payload.proxies} product="PR_3" />}
    </>
  );
};
