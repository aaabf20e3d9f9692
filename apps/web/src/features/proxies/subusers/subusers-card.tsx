import { Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Subuser, SubuserProduct } from '@proxydesk/contract';
import { IconChartBar, IconPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { useOwnerFairUse } from '../api/fair-use';
import { useSubusers } from '../api/subusers';
import { OwnerFairUse } from './fair-use-cells';
import { FairUseDialog, type FairUseEdit } from './fair-use-dialog';
import { CountriesDialog, LimitDialog } from './settings-dialogs';
import { CreateDialog, DeleteDialog, PasswordDialog, type ShownPassword } from './subuser-dialogs';
import type { SubuserAction } from './subuser-menu';
import { SubusersTable } from './subusers-table';
import { UsageDialog } from './usage-dialog';

type Open = {
  action: Exclude<SubuserAction, 'pause' | 'resume' | 'password' | 'usage' | 'fair-use'>;
  subuser: Subuser;
} | null;

/**
 * A per-GB plan's sub-users (issue #31): each with its own proxy credentials, an optional data limit and
 * allowed countries; the plan pays for their data. A table, a create dialog, and each row's actions.
 */
export const SubusersCard = ({ product, planId }: { product: SubuserProduct; planId: string }) => {
  const list = useSubusers(product);
  const fairUse = useOwnerFairUse(product);
  const [fairUseEdit, setFairUseEdit] = useState<FairUseEdit | null>(null);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const [shown, setShown] = useState<ShownPassword | null>(null);
  /** Whose usage is open: a sub-user's, or the owner's own lines ("You"). */
  const [usageOf, setUsageOf] = useState<Subuser | 'own' | null>(null);
  const subusers = list.data?.subusers ?? [];
  const full = list.data ? list.data.total >= list.data.max : false;
  const close = () => setOpen(null);

  const newButton = (
    <Button
      leftSection={<IconPlus size={16} />}
      onClick={() => setCreating(true)}
      disabled={full}
      title={full ? `You have ${list.data?.max.toLocaleString()} sub-users, the most allowed` : undefined}
    >
      New sub-user
    </Button>
  );

  return (
    <Card withBorder padding="lg" data-testid="subusers-card">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <div>
          <Title order={3} size="h4">
            Sub-users
          </Title>
          <Text size="sm" c="dimmed">
            Own credentials for each teammate or client; their data counts against this plan.
            {list.data && list.data.total > 0
              ? ` ${list.data.total.toLocaleString()} of ${list.data.max.toLocaleString()} used.`
              : ''}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconChartBar size={16} />}
            onClick={() => setUsageOf('own')}
          >
            Your own usage
          </Button>
          {subusers.length > 0 && newButton}
        </Group>
      </Group>
      {fairUse.data && (
        <OwnerFairUse
          fairUse={fairUse.data.owner}
          windowMinutes={fairUse.data.maximum.window_minutes}
          onEdit={() =>
            setFairUseEdit({ target: { product }, who: 'your own line', current: fairUse.data.owner })
          }
        />
      )}
      {list.error ? (
        <QueryError query={list} />
      ) : list.isPending ? (
        <Skeleton height={120} />
      ) : subusers.length === 0 ? (
        <Stack align="center" gap="xs" py="lg" data-testid="subusers-empty">
          <ThemeIcon size={44} radius="xl" variant="light">
            <IconUsers size={24} />
          </ThemeIcon>
          <Text fw={600}>No sub-users yet</Text>
          <Text size="sm" c="dimmed" ta="center" maw={420}>
            Make one for each person or tool that uses this plan: pause it, cap its data or its countries,
            without sharing your own password.
          </Text>
          {newButton}
        </Stack>
      ) : (
        <SubusersTable
          subusers={subusers}
          onAction={(action, subuser) => {
            if (action === 'usage') setUsageOf(subuser);
            else if (action === 'fair-use')
              setFairUseEdit({
                target: { product, subuserId: subuser.id },
                who: subuser.name,
                current: subuser.fair_use,
              });
            else if (action === 'limit' || action === 'countries' || action === 'delete')
              setOpen({ action, subuser });
          }}
          onPassword={setShown}
        />
      )}
      <CreateDialog
        product={product}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(made) => {
          setCreating(false);
          setShown({ ...made, created: true });
        }}
      />
      <PasswordDialog shown={shown} onClose={() => setShown(null)} />
      <LimitDialog subuser={open?.action === 'limit' ? open.subuser : null} onClose={close} />
      <CountriesDialog subuser={open?.action === 'countries' ? open.subuser : null} onClose={close} />
      <DeleteDialog subuser={open?.action === 'delete' ? open.subuser : null} onClose={close} />
      <UsageDialog
        whose={usageOf === null ? null : usageOf === 'own' ? { planId } : { subuserId: usageOf.id }}
        name={usageOf === 'own' ? 'your own lines' : (usageOf?.name ?? '')}
        onClose={() => setUsageOf(null)}
      />
      <FairUseDialog
        edit={fairUseEdit}
        maximum={fairUse.data?.maximum}
        onClose={() => setFairUseEdit(null)}
      />
    </Card>
  );
};
