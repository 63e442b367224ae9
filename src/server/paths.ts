import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder: the nearest above this module that holds package.json. Found by looking, not by
 * counting folders, so it is the same from the sources (under tsx) and from the built server bundle.
 */
function findProjectRoot(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error('package.json not found above the server');
  }
}

export const PROJECT_ROOT = findProjectRoot();
