import { adminByHandEndpoints, catalogueEndpoints, type z } from '@proxydesk/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The catalogue's plans and payment methods, for an invoice made by hand (issue #30 item 7). */
export const useCataloguePlans = () =>
  useQuery({
    queryKey: ['admin', 'by-hand', 'plans'],
    queryFn: async ({ signal }) => (await call(catalogueEndpoints.plans, { signal })).payload,
  });

export const usePaymentMethods = () =>
  useQuery({
    queryKey: ['admin', 'by-hand', 'payment-methods'],
    queryFn: async ({ signal }) => (await call(catalogueEndpoints.paymentMethods, { signal })).payload,
  });

type ByHand = typeof adminByHandEndpoints;
export type ByHandName = keyof ByHand;

/** One by-hand change on a customer; the console's pages are read again after it. */
export const useByHand = <N extends ByHandName>(id: string, name: N) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<ByHand[N]['body']>) =>
      call(adminByHandEndpoints[name], { params: { id }, body } as never) as Promise<
        z.output<ByHand[N]['response']>
      >,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
};
