import { ActionIcon, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { adminCatalogueEndpoints as endpoints } from '@proxydesk/contract';
import type { SectionProps } from './catalogue-page';
import { type BodyInput, bodyOf, useCatalogueEdit } from './catalogue-api';
import { ReasonAndSave } from './reason-modal';

type SocialBody = BodyInput<typeof endpoints.setSocialLinks>;

/** The social links in the shop's menu, in order (issue #17 §5): the list is saved whole. */
export const SocialSection = ({ catalogue, canEdit }: SectionProps) => {
  const save = useCatalogueEdit(endpoints.setSocialLinks);
  const form = useForm<SocialBody>({
    initialValues: { links: catalogue.social, reason: '' },
    validate: schemaResolver(bodyOf(endpoints.setSocialLinks), { sync: true }),
  });
  const submit = form.onSubmit((body) =>
    save.mutate({ body }, { onSuccess: () => form.setFieldValue('reason', '') }),
  );
  const { links } = form.values;
  return (
    <Card withBorder padding="lg" maw={760}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {links.length === 0 && (
            <Text size="sm" c="dimmed">
              No social links: the menu shows none. Add one below.
            </Text>
          )}
          {links.map((_, index) => (
            <Group key={index} align="flex-start" gap="xs" wrap="nowrap">
              <TextInput
                label="Name"
                placeholder="Telegram"
                readOnly={!canEdit}
                w={{ base: 110, xs: 160 }}
                {...form.getInputProps(`links.${index}.name`)}
              />
              <TextInput
                label="Address"
                placeholder="https://t.me/yourshop"
                readOnly={!canEdit}
                style={{ flex: 1, minWidth: 0 }}
                {...form.getInputProps(`links.${index}.url`)}
              />
              {canEdit && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={26}
                  size="lg"
                  aria-label={`Remove link ${index + 1}`}
                  onClick={() => form.removeListItem('links', index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          ))}
          {canEdit && (
            <>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                style={{ alignSelf: 'flex-start' }}
                onClick={() => form.insertListItem('links', { name: '', url: '' })}
              >
                Add link
              </Button>
              <ReasonAndSave form={form} call={save} label="Save social links" />
            </>
          )}
        </Stack>
      </form>
    </Card>
  );
};
