import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The decision records (docs/decisions/README.md says how they are kept): each file's title and status, the links
// between decisions, the index, and every path to a decision named in the code and the docs.

const root = fileURLToPath(new URL('..', import.meta.url));
const decisionsDir = join(root, 'docs', 'decisions');

const FILE_NAME = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const decisionNames = readdirSync(decisionsDir)
  .filter((name) => name !== 'README.md')
  .sort();
const decisions = decisionNames.map((name) => ({ name, text: readFileSync(join(decisionsDir, name), 'utf8') }));
const byNumber = new Map(decisionNames.map((name) => [name.slice(0, 3), name]));

/** The value of a `- Key: value` line of a decision's header, or undefined. */
function headerValue(text: string, key: string): string | undefined {
  return new RegExp(`^- ${key}: (.*)$`, 'm').exec(text)?.[1];
}

/** The `[NNN](file.md)` links in some text, as [number, file] pairs. */
function decisionLinks(text: string): [string, string][] {
  return [...text.matchAll(/\[(\d{3})\]\(([^)\s]+\.md)\)/g)].map((match) => [match[1]!, match[2]!]);
}

/** Whether `text` (a status or a Replaces line) links to the decision `name`. */
const linksTo = (text: string | undefined, name: string) => decisionLinks(text ?? '').some(([, file]) => file === name);

describe('decision files', () => {
  it('are named NNN-slug.md, one number each', () => {
    expect(decisionNames.filter((name) => !FILE_NAME.test(name))).toEqual([]);
    expect(byNumber.size).toBe(decisionNames.length);
  });

  it('open with "# NNN. Title" of their own number', () => {
    const wrong = decisions.filter(({ name, text }) => !new RegExp(`^# ${name.slice(0, 3)}\\. \\S`).test(text));
    expect(wrong.map(({ name }) => name)).toEqual([]);
  });

  it('have a status line right after the date: accepted, superseded by NNN, or partly superseded by NNN: which part', () => {
    const status =
      /^- Date: \d{4}-\d{2}-\d{2}\n- Status: (?:accepted|superseded by \[\d{3}\]\([^)]+\)|partly superseded by (?:\[\d{3}\]\([^)]+\)(?:, | and )?)+: \S.*)$/m;
    expect(decisions.filter(({ text }) => !status.test(text)).map(({ name }) => name)).toEqual([]);
  });

  it('link only to decisions that exist, under their own numbers', () => {
    const broken = decisions.flatMap(({ name, text }) =>
      [...text.matchAll(/\]\(([^)\s#]+\.md)(?:#[^)]*)?\)/g)]
        .map((match) => match[1]!)
        .filter((target) => !target.includes('/') && !decisionNames.includes(target))
        .map((target) => `${name} -> ${target}`),
    );
    const misnumbered = decisions.flatMap(({ name, text }) =>
      decisionLinks(text)
        .filter(([number, file]) => !file.startsWith(`${number}-`))
        .map(([number, file]) => `${name}: [${number}](${file})`),
    );
    expect(broken).toEqual([]);
    expect(misnumbered).toEqual([]);
  });

  it('say on both sides what replaces what', () => {
    const problems: string[] = [];
    for (const { name, text } of decisions) {
      for (const [, replacer] of decisionLinks(headerValue(text, 'Status') ?? '')) {
        const theirs = decisions.find((decision) => decision.name === replacer);
        if (theirs && !linksTo(headerValue(theirs.text, 'Replaces'), name)) {
          problems.push(`${name} is superseded by ${replacer}, whose Replaces line does not name it`);
        }
      }
      for (const [, replaced] of decisionLinks(headerValue(text, 'Replaces') ?? '')) {
        const theirs = decisions.find((decision) => decision.name === replaced);
        if (theirs && !linksTo(headerValue(theirs.text, 'Status'), name)) {
          problems.push(`${name} replaces ${replaced}, whose status does not name it`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('absorb only numbers that are no longer files of their own', () => {
    const reused = decisions.flatMap(({ name, text }) =>
      (headerValue(text, 'Absorbs') ?? '')
        .split(/,\s*/)
        .filter((number) => number !== '' && (!/^\d{3}$/.test(number) || byNumber.has(number)))
        .map((number) => `${name} absorbs ${number}`),
    );
    expect(reused).toEqual([]);
  });
});

describe('the decisions index (docs/decisions/README.md)', () => {
  const index = readFileSync(join(decisionsDir, 'README.md'), 'utf8');
  const entries = [...index.matchAll(/^- \[(\d{3}\. [^\n]+)\]\(([^)\s]+\.md)\)/gm)].map((match) => ({
    title: match[1]!,
    file: match[2]!,
  }));

  it('lists every decision once, under its title', () => {
    const listed = entries.map(({ file }) => file);
    expect(decisionNames.filter((name) => !listed.includes(name))).toEqual([]);
    expect(listed.filter((file, at) => listed.indexOf(file) !== at)).toEqual([]);
    const stale = entries.filter(({ title, file }) => {
      const decision = decisions.find(({ name }) => name === file);
      return decision && !decision.text.startsWith(`# ${title}\n`);
    });
    expect(stale.map(({ file }) => file)).toEqual([]);
  });

  it('links to no decision that does not exist', () => {
    const links = [...index.matchAll(/\]\(([^)\s]+\.md)\)/g)].map((match) => match[1]!);
    expect(links.filter((file) => !decisionNames.includes(file))).toEqual([]);
  });
});

describe('paths to decisions in the code and the docs', () => {
  const skipped = new Set(['node_modules', 'dist', '.git']);

  function* filesUnder(path: string): Generator<string> {
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path)) if (!skipped.has(entry)) yield* filesUnder(join(path, entry));
    } else {
      yield path;
    }
  }

  const places = ['src', 'scripts', 'bench', 'e2e', 'docs', 'eslint.config.js', 'README.md'];
  const named = places.flatMap((place) =>
    [...filesUnder(join(root, place))].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/decisions\/(\d{3}-[\w-]+\.md)/g)].map((match) => ({
        where: relative(root, file),
        decision: match[1]!,
      })),
    ),
  );

  it('are found (the check reads the comments that link decisions)', () => {
    expect(named.length).toBeGreaterThan(0);
  });

  it('name decision files that exist', () => {
    const stale = named.filter(({ decision }) => !decisionNames.includes(decision));
    expect(stale.map(({ where, decision }) => `${where}: ${decision}`)).toEqual([]);
  });
});
