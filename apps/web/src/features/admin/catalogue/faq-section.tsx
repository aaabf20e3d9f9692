import { ActionIcon, Button, Card, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { adminCatalogueEndpoints as endpoints } from '@proxydesk/contract';
import { useState } from 'react';
import type { SectionProps } from './catalogue-page';
import { type BodyInput, bodyOf, moved, useCatalogueEdit } from './catalogue-api';
import { MoveButtons } from './move-buttons';
import { ReasonAndSave, ReasonModal } from './reason-modal';
import { FormTextInput } from '../../../components/form-inputs';

type Faq = SectionProps['catalogue']['faqs'][number];
type FaqBody = BodyInput<typeof endpoints.createFaq>;

/** Add a question, or change one. */
const FaqForm = ({ faq, onClose }: { faq: Faq | null; onClose: () => void }) => {
  const create = useCatalogueEdit(endpoints.createFaq);
  const edit = useCatalogueEdit(endpoints.editFaq);
  const saving = faq ? edit : create;
  const form = useForm<FaqBody>({
    mode: 'uncontrolled',
    initialValues: { question: faq?.question ?? '', answer: faq?.answer ?? '', reason: '' },
    validate: schemaResolver(bodyOf(endpoints.createFaq), { sync: true }),
  });
  const submit = form.onSubmit((body) => {
    if (faq) edit.mutate({ params: { id: faq.id }, body }, { onSuccess: onClose });
    else create.mutate({ body }, { onSuccess: onClose });
  });
  return (
    <Modal opened onClose={onClose} title={faq ? 'Edit question' : 'New question'} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormTextInput form={form} name="question" label="Question" required data-autofocus />
          <Textarea
            label="Answer"
            required
            autosize
            minRows={3}
            maxRows={10}
            {...form.getInputProps('answer')}
            key={form.key('answer')}
          />
          <ReasonAndSave
            form={form}
            call={saving}
            label={faq ? 'Save question' : 'Add question'}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
};

/** The FAQ (issue #17 §5): add, edit, remove, and an order saved once it is right. */
export const FaqSection = ({ catalogue, canEdit }: SectionProps) => {
  const [order, setOrder] = useState<Faq[] | null>(null);
  const [editing, setEditing] = useState<Faq | 'new' | null>(null);
  const [removing, setRemoving] = useState<Faq | null>(null);
  const [ordering, setOrdering] = useState(false);
  const remove = useCatalogueEdit(endpoints.deleteFaq);
  const saveOrder = useCatalogueEdit(endpoints.orderFaqs);
  const faqs = order ?? catalogue.faqs;
  const move = (index: number, by: -1 | 1) => setOrder(moved(faqs, index, by));

  return (
    <Stack gap="sm" maw={860}>
      {canEdit && (
        <Group justify="space-between">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            New question
          </Button>
          {order && (
            <Group gap="xs">
              <Button variant="default" onClick={() => setOrder(null)}>
                Undo order
              </Button>
              <Button onClick={() => setOrdering(true)}>Save order</Button>
            </Group>
          )}
        </Group>
      )}
      {faqs.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          No questions yet — customers see an empty FAQ. Add the first one.
        </Text>
      )}
      {faqs.map((faq, index) => (
        <Card key={faq.id} withBorder padding="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text fw={500} size="sm">
                {faq.question}
              </Text>
              <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
                {faq.answer}
              </Text>
            </div>
            {canEdit && (
              <Group gap={2} wrap="nowrap">
                <MoveButtons
                  name={`"${faq.question}"`}
                  index={index}
                  count={faqs.length}
                  onMove={(by) => move(index, by)}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Edit "${faq.question}"`}
                  onClick={() => setEditing(faq)}
                >
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove "${faq.question}"`}
                  onClick={() => setRemoving(faq)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            )}
          </Group>
        </Card>
      ))}
      {editing && <FaqForm faq={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {removing && (
        <ReasonModal
          title="Remove this question?"
          confirm="Remove question"
          danger
          pending={remove.isPending}
          error={remove.error}
          onClose={() => setRemoving(null)}
          onConfirm={(reason) =>
            remove.mutate(
              { params: { id: removing.id }, body: { reason } },
              { onSuccess: () => setRemoving(null) },
            )
          }
        >
          <Text size="sm">&ldquo;{removing.question}&rdquo; leaves the customers&apos; FAQ.</Text>
        </ReasonModal>
      )}
      {ordering && (
        <ReasonModal
          title="Save the FAQ's order?"
          confirm="Save order"
          pending={saveOrder.isPending}
          error={saveOrder.error}
          onClose={() => setOrdering(false)}
          onConfirm={(reason) =>
            saveOrder.mutate(
              { body: { ids: faqs.map((f) => f.id), reason } },
              {
                onSuccess: () => {
                  setOrdering(false);
                  setOrder(null);
                },
              },
            )
          }
        />
      )}
    </Stack>
  );
};
