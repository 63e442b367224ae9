import { parseArgs, type ParseArgsConfig } from 'node:util';

type Parsed<T extends ParseArgsConfig> = ReturnType<typeof parseArgs<T>>;

/**
 * The arguments of a command-line task on the database (`npm run user`, `import`, `import:deprivation`), or the exit
 * code to end with: 0 once the usage is printed for --help, 2 with the usage after what is wrong (arguments node
 * cannot read, or the task's own `problemsOf`). Nothing here loads the database, so a mistake is answered at once.
 */
export function readCommandLine<T extends ParseArgsConfig>(config: T, usage: string, problemsOf: (parsed: Parsed<T>) => (string | false | undefined)[]): Parsed<T> | number {
  let parsed: Parsed<T>;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    return 0;
  }
  const problems = problemsOf(parsed).filter(Boolean);
  if (problems.length) {
    console.error(`${problems.join('\n')}\n\n${usage}`);
    return 2;
  }
  return parsed;
}
