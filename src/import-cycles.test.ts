import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

// ESLint's no-cycle leaves type-only imports out (they vanish at run time); a loop of types still ties two modules
// together, so the whole tree is read here with them.

/** The import loops among the TypeScript files under `root`, type-only imports included, as paths from `root`. */
async function importLoops(root: string, tsconfig?: string): Promise<string[][]> {
  const tree = await parseDependencyTree([join(root, 'src/**/*.ts'), join(root, 'src/**/*.tsx')], { context: root, cwd: root, tsconfig, transform: false });
  // The tree names files from `context`.
  return parseCircular(tree).map((loop) => loop.toSorted());
}

describe('import loops', { timeout: 120_000 }, () => {
  it('none in the tree, type-only imports included', async () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    expect(await importLoops(root, join(root, 'tsconfig.json'))).toEqual([]);
  });

  it('a loop of type-only imports is found', async () => {
    const root = mkdtempSync(join(tmpdir(), 'import-loops-'));
    try {
      const src = join(root, 'src');
      writeFileSync(join(root, 'package.json'), '{}');
      mkdirSync(src);
      writeFileSync(join(src, 'dialog.ts'), "import type { Tab } from './tab';\nexport type Dialog = { tabs: Tab[] };\n");
      writeFileSync(join(src, 'tab.ts'), "import type { Dialog } from './dialog';\nexport type Tab = { of: Dialog };\n");
      expect(await importLoops(root)).toEqual([['src/dialog.ts', 'src/tab.ts']]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
