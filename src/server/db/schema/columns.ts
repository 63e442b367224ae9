import { type AnyPgColumn, boolean, char, date, integer, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A required reference to another row by its id. What deleting that row does is said at each use: `restrict` where the
 * reference is a record of its own (a package's carer), `cascade` where it only belongs to it (a note, a login).
 */
export function requiredReference<TName extends string>(name: TName, target: () => AnyPgColumn, onDelete: 'restrict' | 'cascade') {
  return text(name).notNull().references(target, { onDelete });
}

/** Columns every editable record has: the archived flag, an optimistic-lock version and timestamps. */
export function recordColumns() {
  return {
    archived: char('archived', { length: 1 }).notNull().default('N'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/** Address of spec §3; deprivation flags only where the spec has them (clients, requests). */
export function addressColumns() {
  return {
    streetAddress: text('street_address').notNull().default(''),
    locality: text('locality').notNull().default('Wiveliscombe'),
    county: text('county').notNull().default('Somerset'),
    postCode: text('post_code').notNull(),
  };
}

export function deprivationColumns() {
  return {
    deprivationIncome: boolean('deprivation_income').notNull().default(false),
    deprivationHealth: boolean('deprivation_health').notNull().default(false),
  };
}

/** The person base of spec §3 shared by clients, MPs and volunteers (notes live in their own table). */
export function personColumns() {
  return {
    name: text('name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    ...addressColumns(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    nextOfKin: text('next_of_kin').notNull().default(''),
    services: text('services').array().notNull().default([]),
    attendsMag: boolean('attends_mag').notNull().default(false),
    /** When the person was last archived; retention is counted from it. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Set once their identifying details have been erased (UK GDPR erasure by anonymisation). */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
  };
}
