import { chmodSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Keeps a PGlite folder its owner's alone (issue #29 item 5): the folder and every folder in it 0700, every file
 * 0600. PGlite's file system writes new files 0666 whatever the umask, so this runs after each open and close;
 * in between, the 0700 folder is what keeps others out of files made meanwhile.
 */
export const keepPrivate = (dir: string): void => {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    try {
      if (entry.isDirectory()) keepPrivate(path);
      else if (entry.isFile()) chmodSync(path, 0o600);
    } catch (error) {
      // A file the database removed between the listing and its turn needs nothing.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
};
