import { proxyExportEndpoints, type ExportKind, type ExportSettings } from '@proxydesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, payloadOf } from '../../../lib/api';

/** The customer's last export template, format and protocol of each kind of line (issue #32 item 5). */
export const exportSettingsQuery = () =>
  queryOptions({
    queryKey: ['export-settings'],
    queryFn: payloadOf(proxyExportEndpoints.settings),
    staleTime: Infinity,
  });
export const useExportSettings = () => useQuery(exportSettingsQuery());

/** Remembers what was just copied or downloaded, on the server: the API and another browser start from it. */
export const useSaveExportSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ExportSettings & { kind: ExportKind }) =>
      call(proxyExportEndpoints.saveSettings, { body: input }),
    onSuccess: ({ payload }, { kind }) =>
      queryClient.setQueryData(exportSettingsQuery().queryKey, (old) => old && { ...old, [kind]: payload }),
  });
};
