import type { FormErrors } from '@mantine/form';

/**
 * A form's check (useForm's `validate`) by a contract schema that comes with the form's calls, a chunk loaded on
 * first use (ADR 003): `checkOf` makes the check once the chunk is there. Not loaded (offline), nothing is marked:
 * the call then fails the same way and says so. Only a type of @mantine/form here: this module goes with the
 * auth-forms chunk, which /pricing loads too.
 */
export const checkOnceLoaded =
  <T>(load: () => Promise<T>, checkOf: (calls: T) => (values: unknown) => FormErrors) =>
  async (values: unknown): Promise<FormErrors> => {
    const loaded = await load().catch(() => null);
    return loaded ? checkOf(loaded)(values) : {};
  };
