import { adminStaffEndpoints, type AddStaffBody } from '@proxydesk/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The staff screen's calls (issue #28 item 2): operators only. */
export const useStaff = () =>
  useQuery({
    queryKey: ['admin', 'staff'],
    queryFn: async ({ signal }) => (await call(adminStaffEndpoints.list, { signal })).payload,
  });

/** After a change the staff list, the customers and the audit trail are read again. */
const useStaffMutation = <T>(mutationFn: (input: T) => Promise<{ detail?: string | undefined }>) => {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }) });
};

export const useAddStaff = () =>
  useStaffMutation((body: AddStaffBody) => call(adminStaffEndpoints.add, { body }));

export const useRemoveStaff = () =>
  useStaffMutation(({ id, reason }: { id: string; reason: string }) =>
    call(adminStaffEndpoints.remove, { params: { id }, body: { reason } }),
  );
