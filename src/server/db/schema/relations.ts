import { relations } from 'drizzle-orm';
import { packages, requests } from './care';
import { magAttendees, magLogs, trainingRecords } from './compliance';
import { carers, clients, notes } from './people';

export const clientsRelations = relations(clients, ({ many }) => ({
  notes: many(notes),
  requests: many(requests),
}));

export const carersRelations = relations(carers, ({ many }) => ({
  notes: many(notes),
  packages: many(packages),
  trainingRecords: many(trainingRecords),
}));

export const notesRelations = relations(notes, ({ one }) => ({
  client: one(clients, { fields: [notes.clientId], references: [clients.id] }),
  carer: one(carers, { fields: [notes.carerId], references: [carers.id] }),
}));

export const requestsRelations = relations(requests, ({ one, many }) => ({
  client: one(clients, { fields: [requests.clientId], references: [clients.id] }),
  packages: many(packages),
}));

export const packagesRelations = relations(packages, ({ one }) => ({
  request: one(requests, { fields: [packages.requestId], references: [requests.id] }),
  carer: one(carers, { fields: [packages.carerId], references: [carers.id] }),
}));

export const trainingRecordsRelations = relations(trainingRecords, ({ one }) => ({
  owner: one(carers, { fields: [trainingRecords.ownerId], references: [carers.id] }),
}));

export const magLogsRelations = relations(magLogs, ({ many }) => ({
  attendees: many(magAttendees),
}));

export const magAttendeesRelations = relations(magAttendees, ({ one }) => ({
  magLog: one(magLogs, { fields: [magAttendees.magLogId], references: [magLogs.id] }),
}));
