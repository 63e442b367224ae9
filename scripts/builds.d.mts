export const PROJECT_ROOT: string;
export const COMMANDS: Record<'user' | 'backup' | 'transfer-import' | 'transfer-export' | 'deprivation-import', string>;
export const COMMANDS_DIR: string;
export const COMMAND_LINE_SOURCES: readonly string[];
export const EMPTY_DATABASE_SOURCES: readonly string[];
export function isStale(output: string, sources: readonly string[]): boolean;
