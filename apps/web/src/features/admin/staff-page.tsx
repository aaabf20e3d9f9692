import { Badge, Button, Card, Group, Select, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { addStaffBodySchema, z, type AdminStaffMember } from '@proxydesk/contract';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { toastDone } from '../../lib/toast';
import { DANGER, ReasonModal } from './catalogue/reason-modal';
import { when } from './format';
import { ListEmpty, ListSkeleton } from './list-states';
import { ColumnsTable, type Column } from './read-only-list';
import { useConsoleMe } from './me-api';
import { useAddStaff, useRemoveStaff, useStaff } from './staff-api';
import { FormTextInput } from '../../components/form-inputs';

const ROLES = [
  { value: 'support', label: 'Support: reads' },
  { value: 'operator', label: 'Operator: acts' },
];
type Role = 'operator' | 'support';
const addForm = z.object({
  username: addStaffBodySchema.shape.username,
  role: addStaffBodySchema.shape.role,
});

/** Makes a customer's account staff: the username and role, then the reason in a confirmation. */
const AddStaff = () => {
  const add = useAddStaff();
  const [asking, setAsking] = useState<{ username: string; role: Role } | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', role: 'support' as Role },
    validate: schemaResolver(addForm, { sync: true }),
  });
  const close = () => {
    setAsking(null);
    add.reset();
  };
  return (
    <Card withBorder padding="lg" mb="lg">
      <Title order={3} size="h5" mb="xs">
        Add a member of staff
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        A customer&apos;s account gets the console. They open it once signed in with two-factor
        authentication.
      </Text>
      <form onSubmit={form.onSubmit((values) => setAsking(values))} noValidate>
        <Group align="flex-start" wrap="wrap">
          <FormTextInput
            form={form}
            name="username"
            label="Username"
            placeholder="their username"
            required
            style={{ flex: '1 1 200px' }}
          />
          <Select
            label="Role"
            data={ROLES}
            allowDeselect={false}
            required
            style={{ flex: '1 1 220px' }}
            {...form.getInputProps('role')}
            key={form.key('role')}
          />
          <Button type="submit" mt={{ base: 0, xs: 25 }}>
            Add
          </Button>
        </Group>
      </form>
      {asking && (
        <ReasonModal
          title={`Make ${asking.username} ${asking.role}?`}
          confirm="Add to staff"
          pending={add.isPending}
          error={add.error}
          onClose={close}
          onConfirm={(reason) =>
            add.mutate(
              { ...asking, reason },
              {
                onSuccess: ({ detail }) => {
                  toastDone(detail ?? 'Added to staff');
                  form.reset();
                  close();
                },
              },
            )
          }
        >
          <Text size="sm">
            {asking.role === 'operator'
              ? 'An operator changes customers, money, the catalogue and staff.'
              : 'Support reads every customer’s data and can sign customers out.'}
          </Text>
        </ReasonModal>
      )}
    </Card>
  );
};

/** Asks why, says what removal does, then makes the member a customer again. */
const RemoveModal = ({ member, onClose }: { member: AdminStaffMember; onClose: () => void }) => {
  const remove = useRemoveStaff();
  return (
    <ReasonModal
      title={`Remove ${member.username} from staff?`}
      confirm="Remove"
      danger
      pending={remove.isPending}
      error={remove.error}
      onClose={onClose}
      onConfirm={(reason) =>
        remove.mutate(
          { id: member.id, reason },
          {
            onSuccess: ({ detail }) => {
              toastDone(detail ?? 'Removed from staff');
              onClose();
            },
          },
        )
      }
    >
      <Text size="sm">They become a customer again and are signed out on every device.</Text>
    </ReasonModal>
  );
};

const RoleBadge = ({ role }: { role: Role }) => (
  <Badge color={role === 'operator' ? 'indigo' : 'teal'} variant="light" miw="max-content">
    {role}
  </Badge>
);

const TwoFactorBadge = ({ on }: { on: boolean }) => (
  <Badge color={on ? 'green' : 'yellow'} variant="light" miw="max-content">
    {on ? 'on' : 'off'}
  </Badge>
);

/** The staff list's columns; everyone but `me` has a Remove button. */
const staffColumns = (
  me: string | undefined,
  remove: (member: AdminStaffMember) => void,
): Column<AdminStaffMember>[] => [
  {
    label: 'Username',
    cell: (member) => (
      <Text span size="sm" fw={500}>
        {member.username}
      </Text>
    ),
  },
  { label: 'E-mail', cell: (member) => member.email },
  { label: 'Role', cell: (member) => <RoleBadge role={member.role} /> },
  { label: 'Two-factor', cell: (member) => <TwoFactorBadge on={member.is_2fa} /> },
  { label: 'Last sign-in', cell: (member) => when(member.last_sign_in), nowrap: true },
  {
    label: '',
    align: 'right',
    cell: (member) =>
      member.username === me ? (
        <Text size="sm" fs="italic">
          you
        </Text>
      ) : (
        <Button
          size="xs"
          variant="subtle"
          color={DANGER}
          onClick={() => remove(member)}
          aria-label={`Remove ${member.username} from staff`}
        >
          Remove
        </Button>
      ),
  },
];

/** Operators and support: who they are, their 2FA, last sign-in; add and remove (issue #28 item 2). */
export const StaffPage = () => {
  const { data, error, isPending, refetch } = useStaff();
  const me = useConsoleMe().data;
  const [removing, setRemoving] = useState<AdminStaffMember | null>(null);
  return (
    <>
      <PageHeader
        title="Staff"
        description="Who opens the console. Every change is in the audit trail; your own account is changed in Settings."
      />
      <AddStaff />
      {error && <QueryError error={error} onRetry={() => void refetch()} />}
      {isPending && <ListSkeleton rows={3} />}
      {data?.length === 0 && (
        <ListEmpty title="No staff yet" hint="Add a customer's account by its username above." />
      )}
      {data && data.length > 0 && (
        <ColumnsTable
          columns={staffColumns(me?.username, setRemoving)}
          rows={data}
          rowKey={(member) => member.id}
          minWidth={680}
        />
      )}
      {removing && <RemoveModal member={removing} onClose={() => setRemoving(null)} />}
    </>
  );
};
