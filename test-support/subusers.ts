import { randomBytes } from 'node:crypto';
import { lineUsername, type LineProduct } from '@proxydesk/contract';
import { createSubuser, updateSubuser, type Db, type Subuser, type SubuserChange } from '@proxydesk/db';

/** A sub-user of `userId` under `product`, written through the repository (so announced), with its settings. */
export const seedSubuser = async (
  db: Db,
  userId: string,
  product: LineProduct,
  settings: SubuserChange = {},
): Promise<Subuser & { username: string; password: string }> => {
  const tag = randomBytes(8).toString('hex').slice(0, 11);
  const made = await createSubuser(
    db,
    {
      userId,
      productType: product,
      name: `sub ${tag}`,
      proxyUsername: `s${tag}`,
      proxyPassword: `sub${tag}password`,
    },
    1000,
  );
  if (typeof made === 'string') throw new Error(made);
  const set = Object.keys(settings).length ? await updateSubuser(db, userId, made.id, settings) : made;
  return { ...set!, username: lineUsername(made.proxyUsername, product), password: made.proxyPassword };
};
