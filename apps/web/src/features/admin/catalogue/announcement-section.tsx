import { Card, Stack, Switch, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { adminCatalogueEndpoints as endpoints } from '@proxydesk/contract';
import type { SectionProps } from './catalogue-page';
import { type BodyInput, bodyOf, useCatalogueEdit } from './catalogue-api';
import { ReasonAndSave } from './reason-modal';

type AnnouncementBody = BodyInput<typeof endpoints.setAnnouncement>;

/** The banner over every customer's dashboard (issue #17 §5): its text, shown or not. */
export const AnnouncementSection = ({ catalogue, canEdit }: SectionProps) => {
  const save = useCatalogueEdit(endpoints.setAnnouncement);
  const form = useForm<AnnouncementBody>({
    initialValues: {
      title: catalogue.announcement?.title ?? '',
      status: catalogue.announcement?.status ?? false,
      reason: '',
    },
    validate: schemaResolver(bodyOf(endpoints.setAnnouncement), { sync: true }),
  });
  const submit = form.onSubmit((body) =>
    save.mutate({ body }, { onSuccess: () => form.setFieldValue('reason', '') }),
  );
  return (
    <Card withBorder padding="lg" maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Textarea
            label="Announcement"
            description="One or two sentences over every customer's dashboard"
            autosize
            minRows={2}
            maxRows={6}
            required
            readOnly={!canEdit}
            {...form.getInputProps('title')}
          />
          <Switch
            label="Show it on the dashboard"
            disabled={!canEdit}
            {...form.getInputProps('status', { type: 'checkbox' })}
          />
          {canEdit && (
            <>
              <ReasonAndSave form={form} call={save} label="Save announcement" />
            </>
          )}
        </Stack>
      </form>
    </Card>
  );
};
