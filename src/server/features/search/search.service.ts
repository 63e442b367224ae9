import { and, type AnyColumn, asc, eq, ilike, like, or, type SQL, sql } from 'drizzle-orm';
import { OPEN } from '@/shared/dates';
import { CARER_RESOURCES, type CarerKind } from '@/shared/carer-kind';
import { can } from '@/shared/permissions';
import { SEARCH_KINDS, SEARCH_LIMIT, type SearchKind } from '@/shared/search';
import { searchKey } from '@/shared/search-key';
import type { Executor } from '@/server/db/client';
import { packages, requests } from '@/server/db/schema/care';
import { carers, clients } from '@/server/db/schema/people';
import { idsOfKind } from '@/server/db/ids';
import { escapeLike, searchKeyContains, searchKeyOf } from '@/server/db/like';
import type { RecordContext } from '@/server/records/service-context';

/** One record found: enough to recognise it in a list of results and open it. */
export interface SearchHit {
  id: string;
  /** A person's name, a request's client, a package's own name. */
  name: string;
  customId: string;
  postCode: string;
  locality: string;
  archived: 'Y' | 'N';
  /** When a request or package runs (the end is "open" while ongoing); null for people. */
  startDate: string | null;
  endDate: string | null;
}

export interface SearchGroup {
  kind: SearchKind;
  hits: SearchHit[];
  /** More records matched than are shown. */
  more: boolean;
}

interface Terms {
  lower: string;
  /** The text as names are compared (shared/search-key.ts). */
  key: string;
  contains: string;
  /** Names containing the key, and starting with it. */
  nameContains: string;
  nameStartsWith: string;
  /** The post code pattern: spaces ignored, so "ta42ab" finds "TA4 2AB". */
  postCode: string;
}

/** The columns a kind is searched and ordered by. Only these: notes and other free text are never searched. */
interface Searched {
  id: AnyColumn;
  name: AnyColumn;
  postCode: AnyColumn;
  customId?: AnyColumn;
  archived: AnyColumn;
}

function termsOf(query: string): Terms {
  const escaped = escapeLike(query);
  const key = searchKey(query);
  return {
    lower: query.toLowerCase(),
    key,
    contains: `%${escaped}%`,
    nameContains: searchKeyContains(query),
    nameStartsWith: `${escapeLike(key)}%`,
    postCode: `%${escapeLike(query.replace(/\s+/g, ''))}%`,
  };
}

/** By id (exactly), name (however it is typed), custom ID or post code. */
function matching(terms: Terms, c: Searched): SQL {
  return or(
    eq(c.id, terms.lower),
    terms.key ? like(searchKeyOf(c.name), terms.nameContains) : undefined,
    c.customId && ilike(c.customId, terms.contains),
    sql`replace(${c.postCode}, ' ', '') ilike ${terms.postCode}`,
  )!;
}

/** Exact matches first, then names that start with the text; active records before archived; then by name. */
function bestFirst(terms: Terms, c: Searched): SQL[] {
  const exact = or(eq(c.id, terms.lower), sql`${searchKeyOf(c.name)} = ${terms.key}`, c.customId && sql`lower(${c.customId}) = ${terms.lower}`);
  return [sql`case when ${exact} then 0 when ${searchKeyOf(c.name)} like ${terms.nameStartsWith} then 1 else 2 end`, asc(c.archived), asc(c.name), asc(c.id)];
}

function group(kind: SearchKind, rows: { id: string; name: string; customId: string; postCode: string; locality: string; archived: string; startDate?: string; endDate?: string | null }[]): SearchGroup {
  return {
    kind,
    more: rows.length > SEARCH_LIMIT,
    hits: rows.slice(0, SEARCH_LIMIT).map((row) => ({
      id: row.id,
      name: row.name,
      customId: row.customId,
      postCode: row.postCode,
      locality: row.locality,
      archived: row.archived === 'Y' ? 'Y' : 'N',
      startDate: row.startDate ?? null,
      endDate: row.startDate === undefined ? null : (row.endDate ?? OPEN),
    })),
  };
}

const LIMIT = SEARCH_LIMIT + 1;

const FIND: Record<SearchKind, (db: Executor, terms: Terms) => Promise<SearchGroup>> = {
  clients: async (db, terms) => {
    const c = { id: clients.id, name: clients.name, postCode: clients.postCode, customId: clients.customId, archived: clients.archived };
    const rows = await db
      .select({ ...c, locality: clients.locality })
      .from(clients)
      .where(matching(terms, c))
      .orderBy(...bestFirst(terms, c))
      .limit(LIMIT);
    return group('clients', rows);
  },
  mps: (db, terms) => findCarers(db, terms, 'mp'),
  volunteers: (db, terms) => findCarers(db, terms, 'volunteer'),
  requests: async (db, terms) => {
    const c = { id: requests.id, name: clients.name, postCode: requests.postCode, customId: requests.customId, archived: requests.archived };
    const rows = await db
      .select({ ...c, locality: requests.locality, startDate: requests.startDate, endDate: requests.endDate })
      .from(requests)
      .innerJoin(clients, eq(clients.id, requests.clientId))
      .where(matching(terms, c))
      .orderBy(...bestFirst(terms, c))
      .limit(LIMIT);
    return group('requests', rows);
  },
  packages: async (db, terms) => {
    const c = { id: packages.id, name: packages.name, postCode: packages.postCode, archived: packages.archived };
    const rows = await db
      .select({ ...c, customId: sql<string>`''`, locality: packages.locality, startDate: packages.startDate, endDate: packages.endDate })
      .from(packages)
      .where(matching(terms, c))
      .orderBy(...bestFirst(terms, c))
      .limit(LIMIT);
    return group('packages', rows);
  },
};

async function findCarers(db: Executor, terms: Terms, kind: CarerKind): Promise<SearchGroup> {
  const c = { id: carers.id, name: carers.name, postCode: carers.postCode, archived: carers.archived };
  const rows = await db
    .select({ ...c, customId: sql<string>`''`, locality: carers.locality })
    .from(carers)
    .where(and(idsOfKind(carers.id, kind), matching(terms, c)))
    .orderBy(...bestFirst(terms, c))
    .limit(LIMIT);
  return group(CARER_RESOURCES[kind], rows);
}

/**
 * The header search: records of every kind the role may read whose name, custom ID, post code or id
 * matches, a few of each, best matches first; archived records are included (and say so). Blank finds nothing.
 */
export async function searchRecords({ db, actor }: RecordContext, { query }: { query: string }): Promise<SearchGroup[]> {
  const text = query.trim();
  if (!text) return [];
  const terms = termsOf(text);
  const kinds = SEARCH_KINDS.filter((kind) => can(actor.role, kind, 'read'));
  return Promise.all(kinds.map((kind) => FIND[kind](db, terms)));
}
