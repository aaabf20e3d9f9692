/** Re-reads at most this often however many changes are announced. */
const MIN_GAP_MS = 100;
/** A customer unknown to a snapshot older than this asks for a re-read (a missed announcement). */
const STALE_FOR_UNKNOWN_MS = 1000;

/**
 * Follows the announced changes of who may use the gateway (issue #14 item 3): each announcement re-reads the
 * snapshot, coalesced (at most one waiting, started at least 100 ms after the last one), so a payment, an
 * activation, a whitelist or password change or a deactivation reaches the gateway within a second. The
 * periodic sync stays as the safety net.
 */
export const followChanges = ({
  reread,
  snapshotAgeMs,
}: {
  /** One re-read, serialized with the gateway's sync. */
  reread: () => Promise<void>;
  snapshotAgeMs: () => number;
}) => {
  let waiting: Promise<void> | undefined;
  let underWay: Promise<void> | undefined;
  let lastStart = 0;
  const changed = (): Promise<void> => {
    if (waiting) return waiting;
    const delay = Math.max(0, lastStart + MIN_GAP_MS - Date.now());
    const next = new Promise((resolve) => setTimeout(resolve, delay)).then(() => {
      waiting = undefined;
      lastStart = Date.now();
      const run = reread().finally(() => {
        if (underWay === run) underWay = undefined;
      });
      underWay = run;
      return run;
    });
    waiting = next;
    return next;
  };
  return {
    changed: () => void changed().catch(() => undefined),
    /**
     * For a customer the snapshot does not know: waits for a re-read under way, announced, or due; when the
     * snapshot is known to be `behind` (the database has a plan it lacks), for one that starts from now.
     */
    fresher: async (behind = false): Promise<boolean> => {
      const coming = behind
        ? changed()
        : (waiting ?? underWay ?? (snapshotAgeMs() > STALE_FOR_UNKNOWN_MS ? changed() : undefined));
      if (!coming) return false;
      return coming.then(
        () => true,
        () => false,
      );
    },
  };
};
