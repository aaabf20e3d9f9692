import type { UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';

/**
 * The logged-out forms come as HTML before their script (issue #18), so a visitor can type before React takes
 * the fields over; the form would then check values it never heard of ("Username is required" under a filled
 * field). Once mounted, what the fields hold becomes the form's values.
 */
export const useTypedBeforeHydration = <T extends Record<string, unknown>>(form: UseFormReturnType<T>) => {
  useEffect(() => {
    for (const [path, value] of Object.entries(form.getValues())) {
      const node = form.getInputNode(path);
      if (node instanceof HTMLInputElement && typeof value === 'string' && node.value !== value)
        form.setFieldValue(path, node.value as never, { forceUpdate: false });
    }
    // Once, on the first mount: later typing reaches the form through its own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
};
