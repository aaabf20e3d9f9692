import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import type { Access } from '@proxydesk/contract';
import { CopyField } from '../../components/copy-button';
import { FormAlert } from '../../components/form-alert';
import { useGenerateApiKey } from './api/settings-calls';
import { SettingsCard } from './settings-card';

/** Resellers' API KEY card: the key is shown whole once, when made; afterwards only its start. */
export const ApiKeyCard = ({ access }: { access: Access }) => {
  const generate = useGenerateApiKey();
  const fresh = generate.data?.payload.apiKey;
  return (
    <SettingsCard
      title="API KEY"
      testId="api-key-card"
      intro={
        <>
          Send it as <Code>Authorization: Api-Key &lt;key&gt;</Code> to call the API as your account.
        </>
      }
    >
      <Stack gap="sm">
        <FormAlert>{generate.error?.message}</FormAlert>
        {fresh ? (
          <>
            <Alert color="yellow" variant="light" title="Copy it now">
              This is the only time the whole key is shown. A new key replaces the old one at once.
            </Alert>
            <CopyField value={fresh} label="New API key" copyLabel="Copy API key" />
          </>
        ) : (
          <Text size="sm">{access.apiKey ? <Code>{access.apiKey}</Code> : 'No key yet.'}</Text>
        )}
        <Group>
          <Button
            variant={access.apiKey ? 'default' : 'filled'}
            loading={generate.isPending}
            onClick={() => generate.mutate()}
          >
            {access.apiKey ? 'Regenerate API Key' : 'Generate API Key'}
          </Button>
        </Group>
      </Stack>
    </SettingsCard>
  );
};
