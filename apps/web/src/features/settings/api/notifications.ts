import { userEndpoints, type NotificationSettings } from '@proxydesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, payloadOf } from '../../../lib/api';

export const notificationsQuery = () =>
  queryOptions({
    queryKey: ['notifications'],
    queryFn: payloadOf(userEndpoints.notifications),
  });

export const useNotifications = () => useQuery(notificationsQuery());

/** Saves the whole choice; the switch shows the new state at once and goes back if the server refuses. */
export const useSetNotifications = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) => call(userEndpoints.setNotifications, { body }),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: ['notifications'] });
      const before = queryClient.getQueryData<NotificationSettings>(['notifications']);
      queryClient.setQueryData(['notifications'], body);
      return { before };
    },
    onError: (_error, _body, context) => queryClient.setQueryData(['notifications'], context?.before),
    onSuccess: ({ payload }) => queryClient.setQueryData(['notifications'], payload),
  });
};
