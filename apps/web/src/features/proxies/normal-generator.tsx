import { Button, Card, Stack, Text } from '@mantine/core';
import { FormAlert } from '../../components/form-alert';
import { useGenerateProxies } from './api/proxies';
import { ProxiesOutput } from './proxies-output';

/**
 * The normal (residential) plan's one Generate button (SPEC.md §2 Normal Proxies) and its line with Copy: on /proxy
 * and on /product/residential.
 */
export const NormalGenerator = () => {
  const normal = useGenerateProxies();
  return (
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
  );
};
