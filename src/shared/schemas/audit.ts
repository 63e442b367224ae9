import { z } from 'zod';
import { isoDate, pageDirection, text } from './common';

/** Filters of the audit screen; all optional, combined with "and". */
export const auditQuery = z.strictObject({
  actorEmail: text(320).optional(),
  /** Who acted: part of their e-mail address or their name, however typed. */
  actor: text(320).optional(),
  /** The record's name as it is now, however typed (a client, carer, request's client, package or training record's carer). */
  recordName: text(200).optional(),
  recordId: text(64).optional(),
  procedure: text(100).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** Rows older than this id (the last id of the previous page). */
  cursor: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(500).default(200),
  direction: pageDirection,
});
export type AuditQuery = z.output<typeof auditQuery>;

export const recordHistoryQuery = z.strictObject({ recordId: text(64).min(1) });
