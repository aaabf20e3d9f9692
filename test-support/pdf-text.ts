import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A PDF's text as Debian's `pdftotext` (poppler-utils) reads it, laid out, and its page count. */
export const pdfText = async (pdf: Buffer): Promise<{ text: string; pages: number; fonts: string }> => {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
    const { stdout: info } = await run('pdfinfo', [file]);
    const { stdout: fonts } = await run('pdffonts', [file]);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
    return { text, pages, fonts };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
