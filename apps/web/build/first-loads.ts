/**
 * The modules each first load of the dashboard imports, read from the build's module graph (the chunking
 * context Rolldown hands a chunk group's `name`), for build/chunk-groups.ts (issue #33 item 8).
 *
 * A first load is the static imports of its entry modules, followed to the end. An index (Mantine's, its hooks',
 * Tabler's icons', TanStack Query's, our contract's) re-exports many modules, of which a page uses a few: there the
 * walk follows only the names the importing module asks for (`import { Button, Card } from '@mantine/core'`), to
 * the modules that export them.
 */

interface ModuleInfo {
  id: string;
  code: string | null;
  importers: string[];
  importedIds: string[];
  exports: string[];
}
export interface ModuleGraph {
  getModuleInfo(id: string): ModuleInfo | null;
}

/** What a module that only passes others' exports on is made of: imports, re-exports, comments, a directive. */
const PASSING_ON = [
  /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g,
  /\bexport\s*(\*(\s*as\s*[\w$]+)?|\{[^}]*\})\s*(from\s*["'][^"']*["'])?\s*;?/g,
  /\bimport\s*[^;'"]*?\s*from\s*["'][^"']*["']\s*;?/g,
  /^\s*["']use client["'];?/,
];
/** An index: a module that imports several and declares nothing of its own (a page uses a few of its names). */
const isBarrel = (info: ModuleInfo) =>
  info.importedIds.length > 1 &&
  PASSING_ON.reduce((code, part) => code.replace(part, ''), info.code ?? '').trim() === '';

/** The names a module imports by name from any module: `import { a, b as c } from '…'` gives a and b. */
const NAMED_IMPORT = /import\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["'][^"']+["']/g;
const namesImportedBy = (code: string | null): Set<string> =>
  new Set(
    [...(code ?? '').matchAll(NAMED_IMPORT)].flatMap((match) =>
      match[1]!
        .split(',')
        .map((part) => part.trim().split(/\s+as\s+/)[0]!)
        .filter(Boolean),
    ),
  );

/** A module's file name without its extension: Tabler's `icons/IconCheck.mjs` exports `IconCheck` as default. */
const stem = (id: string) => /([^\\/]+)\.[cm]?[jt]sx?$/.exec(id)?.[1];

/** Every module the entries import, statically and to the end; through an index, only the names asked for. */
const closure = (graph: ModuleGraph, entries: string[]): Set<string> => {
  const seen = new Set<string>();
  const pending = [...entries];
  const throughBarrel = (barrel: ModuleInfo, names: Set<string>) => {
    for (const id of barrel.importedIds) {
      const info = graph.getModuleInfo(id);
      if (!info) continue;
      if (isBarrel(info)) throughBarrel(info, names);
      else if (info.exports.some((name) => names.has(name)) || names.has(stem(id) ?? '')) pending.push(id);
    }
  };
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    let names: Set<string> | undefined;
    for (const imported of info.importedIds) {
      const target = graph.getModuleInfo(imported);
      if (target && isBarrel(target)) throughBarrel(target, (names ??= namesImportedBy(info.code)));
      else pending.push(imported);
    }
  }
  return seen;
};

/**
 * The first loads of `entries` (each a list of entry modules), worked out once per module graph: a chunking
 * pass asks for each module of the build.
 */
export const firstLoads = <K extends string>(entries: Record<K, string[]>) => {
  const known = new WeakMap<ModuleGraph, Record<K, Set<string>>>();
  return (graph: ModuleGraph): Record<K, Set<string>> => {
    let loads = known.get(graph);
    if (!loads) {
      loads = Object.fromEntries(
        Object.entries<string[]>(entries).map(([name, ids]) => [name, closure(graph, ids)]),
      ) as Record<K, Set<string>>;
      known.set(graph, loads);
    }
    return loads;
  };
};

export type FirstLoad = 'entry' | 'signIn' | 'signUp' | 'social' | 'signedIn' | 'pricing';
