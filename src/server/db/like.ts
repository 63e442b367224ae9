/** Text matched literally by LIKE: its wildcards and the escape character escaped. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
