import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every folder and file docs/architecture.md names is in the tree, so the document cannot drift from it unseen.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCUMENT = 'docs/architecture.md';

/** A path the document names: its line, and the folders it may be relative to. */
interface Named {
  line: number;
  path: string;
  bases: string[];
}

/** Where a path in prose may start from: the repository, src/, the server and the office app. */
const PROSE_BASES = ['', 'src/', 'src/server/', 'src/client/'];
/** Made by a build, so not in a fresh checkout. */
const BUILT = ['dist/'];

const FILE = String.raw`[\w.*-][\w./*-]*(?:\.(?:tsx?|mjs|js|css|json|md)|/)`;
/** A word that names a file (`accounts.ts`, `records/*.mappers.ts`) or a folder (`features/account/`). */
const PATH_WORD = new RegExp(`^${FILE}$`);
const PATH_IN_TEXT = new RegExp(String.raw`(?<![\w/.*-])${FILE}(?![\w/*-])`, 'g');

/** `<resource>` and `<what it holds>` stand for any name. */
const withWildcards = (text: string) => text.replace(/<[^<>]+>/g, '*');

const namePattern = (part: string) => new RegExp(`^${part.split('*').map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);

/** Whether a path relative to the repository exists: `*` stands for any part of a name, a trailing `/` for a folder. */
function exists(relative: string): boolean {
  const parts = relative.split('/').filter(Boolean);
  const search = (dir: string, [part, ...rest]: string[]): boolean => {
    if (part === undefined) return true;
    const names = part.includes('*') ? readdirSync(dir).filter((name) => namePattern(part).test(name)) : [part];
    return names.some((name) => {
      const stat = statSync(path.join(dir, name), { throwIfNoEntry: false });
      if (!stat) return false;
      const folderNeeded = rest.length > 0 || relative.endsWith('/');
      return folderNeeded ? stat.isDirectory() && search(path.join(dir, name), rest) : true;
    });
  };
  return search(ROOT, parts);
}

/**
 * What the folder map names: each entry's names (left of the description column, relative to the unindented folder
 * above it) and the files and folders its description mentions (relative to the entry's folder, or as in prose).
 */
function namedInFolderMap(lines: string[], start: number): Named[] {
  // The descriptions start in one column, set by the first entry.
  const column = /^\S+\s{2,}(?=\S)/.exec(lines[start] ?? '')?.[0].length;
  if (!column) throw new Error(`${DOCUMENT}:${start + 1}: the folder map's first line has no description column`);
  const named: Named[] = [];
  let root = '';
  let folder = '';
  for (let i = start; i < lines.length && !lines[i]!.startsWith('```'); i++) {
    const line = lines[i]!;
    const left = line.slice(0, column);
    if (line.length > column && !left.endsWith(' ')) throw new Error(`${DOCUMENT}:${i + 1}: a name runs into the description column`);
    const names = left
      .split(',')
      .map((name) => withWildcards(name.trim()))
      .filter(Boolean);
    const indented = left.startsWith(' ');
    // A description's names are relative to its entry's folder, kept over the lines that continue it.
    if (names.length) folder = indented ? root : '';
    for (const name of names) {
      const full = indented ? root + name : name;
      named.push({ line: i + 1, path: full, bases: [''] });
      if (!indented) root = full;
      if (full.endsWith('/')) folder = full;
    }
    for (const word of withWildcards(line.slice(column)).match(PATH_IN_TEXT) ?? []) {
      named.push({ line: i + 1, path: word, bases: [folder, root, ...PROSE_BASES] });
    }
  }
  return named;
}

/**
 * What the prose names in backticks: `src/server/accounts/`, `records/people-rules.ts`, `eslint.config.js`; a name
 * alone (`clients.service.ts`) may also be in a folder named before it in the paragraph, which `folders` gathers.
 */
function namedInProse(line: string, number: number, folders: string[]): Named[] {
  return [...line.matchAll(/`([^`]+)`/g)]
    .map((match) => withWildcards(match[1]!))
    .filter((word) => PATH_WORD.test(word))
    .map((word) => {
      const named = { line: number, path: word, bases: word.includes('/') ? PROSE_BASES : [...PROSE_BASES, ...folders] };
      const folder = path.posix.dirname(word.replace(/\/$/, ''));
      if (folder !== '.') folders.push(...PROSE_BASES.map((base) => `${base}${folder}/`));
      return named;
    });
}

/** Every path a document in the form of docs/architecture.md names; its folder map is the code block under "The folders". */
function namedIn(text: string): Named[] {
  const lines = text.split('\n');
  const named: Named[] = [];
  let heading = '';
  let inCode = false;
  let paragraphFolders: string[] = [];
  lines.forEach((line, i) => {
    if (line.startsWith('## ')) heading = line;
    if (line.trim() === '') paragraphFolders = [];
    if (line.startsWith('```')) {
      inCode = !inCode;
      if (inCode && heading === '## The folders') named.push(...namedInFolderMap(lines, i + 1));
    } else if (!inCode) {
      named.push(...namedInProse(line, i + 1, paragraphFolders));
    }
  });
  return named;
}

/** The paths named that are not in the tree, as `docs/architecture.md:<line>: <path>`. */
function missing(named: Named[]): string[] {
  return named
    .filter(({ path: name, bases }) => !bases.some((base) => BUILT.some((built) => (base + name).startsWith(built)) || exists(base + name)))
    .map(({ line, path: name }) => `${DOCUMENT}:${line}: ${name}`);
}

describe('docs/architecture.md', () => {
  const named = namedIn(readFileSync(path.join(ROOT, DOCUMENT), 'utf8'));

  it('is read as it is written: the folder map with its descriptions, and paths in backticks', () => {
    expect(named.length).toBeGreaterThan(100);
    expect(named.map((n) => n.path)).toEqual(
      expect.arrayContaining(['src/server/', 'src/server/accounts/', 'src/server/backup.ts', 'src/server/features/*/', 'two-step.ts', 'src/lint-boundaries.test.ts']),
    );
  });

  it('names no folder or file that is not in the tree', () => {
    expect(missing(named)).toEqual([]);
  });

  it('would tell a folder or file that is not in the tree, wherever the document names it', () => {
    const entry = (name: string, description: string) => `${name.padEnd(28)}${description}`;
    const map = [
      '## The folders',
      '```',
      entry('src/server/', 'the server'),
      entry('  accounts/', 'the accounts (accounts.ts, gone.ts)'),
      entry('  gone/', 'nothing here'),
      entry('  app.ts, gone.ts', 'one here, one not'),
      '```',
      'See `records/people-rules.ts` and `records/gone.ts`, and `notes.ts` beside them but not `gone.ts`.',
    ].join('\n');
    expect(missing(namedIn(map))).toEqual([
      `${DOCUMENT}:4: gone.ts`,
      `${DOCUMENT}:5: src/server/gone/`,
      `${DOCUMENT}:6: src/server/gone.ts`,
      `${DOCUMENT}:8: records/gone.ts`,
      `${DOCUMENT}:8: gone.ts`,
    ]);
  });
});
