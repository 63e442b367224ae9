import { RECORD_WORDS, recordKindOf } from '@/shared/record-kinds';

// An audit entry's headline in the charity's words: "Updated client Margaret Smith", "Imported MP Ann Lee", "Signed in".

/** What a procedure did, by its last word. */
const ACTIONS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  updateName: 'Renamed',
  renew: 'Renewed',
  delete: 'Deleted',
  import: 'Imported',
  anonymise: 'Anonymised',
  record: 'Recorded',
  addExclusion: 'Marked not to be matched:',
  removeExclusion: 'May be matched again:',
};

/** Events that are not a change of one record. */
const EVENTS: Record<string, string> = {
  'auth.signIn': 'Signed in',
  'auth.signOut': 'Signed out',
  'auth.refreshTokenReused': 'Signed out: a sign-in token was used twice',
  'auth.signInFailed': 'Sign-in failed',
  'auth.signInRefused': 'Sign-in refused',
  'auth.mfaEnrolled': 'Set up two-step sign-in',
  'auth.mfaFailed': 'Two-step code refused',
  'auth.mfaReset': 'Two-step sign-in reset',
  'auth.recoveryCodeUsed': 'Signed in with a recovery code',
  'auth.passwordSet': 'Set a password',
  'auth.passwordResetSent': 'Password link sent',
  'auth.invitationSent': 'Invitation sent',
  'auth.userInvited': 'Added a member of staff',
  'auth.roleChanged': 'Changed a role',
  'auth.userDisabled': 'Disabled an account',
  'auth.userEnabled': 'Enabled an account',
  'auth.userRemoved': 'Removed an account',
  'account.changePassword': 'Changed their password',
  'account.signOutEverywhere': 'Signed out everywhere',
  'account.twoStepSetUp': 'Set up two-step sign-in',
  'account.twoStepStarted': 'Started setting up two-step sign-in',
  'transfer.import': 'Imported a file',
  'transfer.export': 'Exported all data',
  'deliveries.closeMonth': 'Closed a month',
  'deliveries.reopenMonth': 'Reopened a month',
  'deliveries.setRecordingStart': 'Set when recording delivered care began',
  'carerApp.invite': 'Invited to the carer app',
  'carerApp.revoke': 'Ended access to the carer app',
  'carerApp.visitRecorded': 'Visit recorded from the carer app',
  'carerApp.visitRefused': 'Visit from the carer app refused',
  'compliance.updateSettings': 'Changed the compliance settings',
  'reminders.updateSettings': 'Changed the reminder settings',
  'reminders.sendDigestNow': 'Sent the digest now',
  'reminders.resendMessage': 'Resent a message',
  'reminders.scheduledDigest': 'Weekly digest',
  'reminders.scheduledCarerReminders': 'Carer reminders',
};

interface Entry {
  procedure: string;
  recordId: string | null;
  recordName: string | null;
  changes?: unknown;
}

/** "Updated client Margaret Smith", "Archived MP Ann Lee", "Imported client Ivy Brown", "Signed in". */
export function auditTitle({ procedure, recordId, recordName, changes }: Entry): string {
  const action = procedure.slice(procedure.lastIndexOf('.') + 1);
  const kind = recordId ? recordKindOf(recordId) : undefined;
  if (!recordId || !kind || (EVENTS[procedure] && action !== 'import')) return EVENTS[procedure] ?? procedure;
  const archived = (changes as { archived?: { to?: unknown } } | null)?.archived?.to;
  const done = action === 'toggleArchive' ? (archived === 'N' ? 'Unarchived' : 'Archived') : (ACTIONS[action] ?? 'Changed');
  return [done, RECORD_WORDS[kind].noun, recordName ?? recordId].join(' ');
}
