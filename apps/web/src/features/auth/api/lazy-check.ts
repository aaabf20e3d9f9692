import { schemaResolver, type FormErrors } from '@mantine/form';

type Schema = Parameters<typeof schemaResolver>[0];

/**
 * A form's check (useForm's `validate`) by a contract schema that comes with the form's calls, a chunk loaded on
 * first use (ADR 003): the schema once its chunk is there. Not loaded (offline), nothing is marked: the call then
 * fails the same way and says so.
 */
export const checkOnceLoaded =
  <T>(load: () => Promise<T>, schemaOf: (calls: T) => Schema) =>
  async (values: unknown): Promise<FormErrors> => {
    const loaded = await load().catch(() => null);
    return loaded ? schemaResolver(schemaOf(loaded), { sync: true })(values) : {};
  };
