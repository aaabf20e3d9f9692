import { adminPreflightEndpoints } from '@proxydesk/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The production checklist (issue #29 item 3): what the shop still needs before it takes customers. */
export const usePreflight = () =>
  useQuery({
    queryKey: ['admin', 'preflight'],
    queryFn: async ({ signal }) => (await call(adminPreflightEndpoints.preflight, { signal })).payload,
  });

/** A test mail to the operator's own address, sent now: its answer says how the mail server took it. */
export const useTestMail = () => useMutation({ mutationFn: () => call(adminPreflightEndpoints.testMail) });
