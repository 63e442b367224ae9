// Kept apart from the schemas (and zod), for code that only cleans text: the carer app's small bundle among it.

/**
 * Characters that change how text reads without being seen: every control (Unicode category Cc) but tab,
 * line feed, carriage return and NUL (refused as unstorable instead), and every format character (Cf):
 * bidirectional overrides, embeddings, isolates and marks, zero-width spaces and joiners, word joiners,
 * the byte order mark, soft hyphens. A U+202E in a name can make it read as someone else's.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
const KEPT_CONTROLS = new Set(['\t', '\n', '\r', '\0']);

/** Text without its invisible and reordering characters (see INVISIBLE); used on everything stored or shown. */
export function stripInvisible(value: string): string {
  return value.replace(INVISIBLE, (c) => (KEPT_CONTROLS.has(c) ? c : ''));
}
