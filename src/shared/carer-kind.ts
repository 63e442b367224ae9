import { idKindOf, RECORD_WORDS } from './record-kinds';

/** The two kinds of carer, in one set of words everywhere: an MP (micro-provider) and a volunteer. */
export type CarerKind = 'mp' | 'volunteer';

/** Each kind's resource in the permission matrix (spec §6). */
export const CARER_RESOURCES = { mp: RECORD_WORDS.mp.resource, volunteer: RECORD_WORDS.volunteer.resource } as const satisfies Record<CarerKind, string>;

/** Each kind as a word on screen, in a list or a statement. */
export const CARER_KIND_LABELS = { mp: RECORD_WORDS.mp.label, volunteer: RECORD_WORDS.volunteer.label } as const satisfies Record<CarerKind, string>;

/** Whose id this is: an MP's starts with m, a volunteer's with v (spec §9); null for anything else. */
export function carerKindOf(id: string): CarerKind | null {
  const kind = idKindOf(id);
  return kind === 'mp' || kind === 'volunteer' ? kind : null;
}
