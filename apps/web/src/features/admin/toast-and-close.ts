import { toastDone } from '../../lib/toast';

/**
 * The options of a modal's call: once it succeeds, the server's words in a toast (`fallback` when it sent none),
 * then `close`. As in `action.mutate(input, toastAndClose('Done', onClose))`.
 */
export const toastAndClose = (fallback: string, close: () => void) => ({
  onSuccess: (answer: { detail?: string | undefined }) => {
    toastDone(answer.detail ?? fallback);
    close();
  },
});
