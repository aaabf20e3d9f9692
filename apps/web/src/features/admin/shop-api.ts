import { adminDocumentEndpoints, type ShopIdentity } from '@proxydesk/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The shop as the seller on its invoices and credit notes (issue #30 §3). */
export const useShopIdentity = () =>
  useQuery({
    queryKey: ['admin', 'shop'],
    queryFn: async ({ signal }) => (await call(adminDocumentEndpoints.shop, { signal })).payload,
  });

/** Saves it (operators, audited); the preflight card and the audit trail are read again. */
export const useSaveShopIdentity = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopIdentity & { reason: string }) => call(adminDocumentEndpoints.saveShop, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
};
