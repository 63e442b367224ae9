import { userInfo } from 'node:os';
import { STAFF_ROLES } from '@/shared/permissions';
import type { Database } from '@/server/db/client';
import { readCommandLine } from '@/server/db/command-line';
import { loadEnv } from '@/server/env';
import { MIN_PASSWORD_LENGTH } from '@/server/accounts/password-policy';

const USAGE = `Manage the staff accounts of the built-in sign-in service.

  npm run user -- add --email E --given-name G --family-name F --role R [--password P]
  npm run user -- list
  npm run user -- set-role --email E --role R
  npm run user -- set-password --email E [--password P]
  npm run user -- remove --email E
  npm run user -- disable --email E
  npm run user -- enable --email E
  npm run user -- reset-mfa --email E

Roles: ${STAFF_ROLES.join(', ')}. Without --password a password is generated and printed once; a password
chosen has at least ${MIN_PASSWORD_LENGTH} characters and is not a common one.
The last enabled Admin cannot be disabled, given another role or removed: make someone else an Admin first.
remove, disable and reset-mfa end the user's sessions at once; reset-mfa clears their authenticator app
(a lost phone), and they set up a new one at their next sign-in.`;

type Options = Partial<Record<'email' | 'given-name' | 'family-name' | 'role' | 'password', string>>;

const REQUIRED: Record<string, (keyof Options)[]> = {
  add: ['email', 'given-name', 'family-name', 'role'],
  list: [],
  'set-role': ['email', 'role'],
  'set-password': ['email'],
  remove: ['email'],
  disable: ['email'],
  enable: ['email'],
  'reset-mfa': ['email'],
};

/** What is wrong with the command line, found before the database is opened, so mistakes are answered at once. */
function usageProblem([command, ...extra]: string[], options: Options): string | undefined {
  if (extra.length > 0) return `Unexpected arguments: ${extra.join(' ')}`;
  if (!command) return 'Say what to do';
  const required = REQUIRED[command];
  if (!required) return `Unknown command "${command}"`;
  const missing = required.filter((name) => !options[name]);
  if (missing.length > 0) return missing.map((name) => `--${name} is required`).join('; ');
}

function required(options: Options, name: keyof Options): string {
  return options[name]!;
}

/** The person at the server, named in the audit trail for changes made here. */
function commandLineActor() {
  return { email: `npm run user (${userInfo().username})`, role: '' as const };
}

async function run(command: string | undefined, options: Options, db: Database): Promise<string> {
  const { addUser, disableUser, enableUser, listUsers, removeUser, setPassword, setRole } = await import('@/server/accounts/accounts');
  const { isEnrolled, resetMfa } = await import('@/server/accounts/two-step');
  switch (command) {
    case 'add': {
      const { user, password } = await addUser(db, {
        email: required(options, 'email'),
        givenName: required(options, 'given-name'),
        familyName: required(options, 'family-name'),
        role: required(options, 'role') as (typeof STAFF_ROLES)[number],
        password: options.password,
      });
      return `Added ${user.email} (${user.role}).${options.password ? '' : ` Password: ${password}`}`;
    }
    case 'list': {
      const users = await listUsers(db);
      if (users.length === 0) return 'No users.';
      const lines = await Promise.all(
        users.map(async (u) =>
          [
            u.email,
            u.role,
            `${u.givenName} ${u.familyName}`,
            (await isEnrolled(db, u.id)) ? 'two-step on' : 'two-step off',
            u.disabled ? 'disabled' : 'active',
          ].join('\t'),
        ),
      );
      return lines.join('\n');
    }
    case 'set-role': {
      const user = await setRole(db, required(options, 'email'), required(options, 'role'), commandLineActor());
      return `${user.email} is now ${user.role}. It takes effect at their next sign-in or token refresh.`;
    }
    case 'set-password': {
      const password = await setPassword(db, required(options, 'email'), options.password);
      return `Password changed.${options.password ? '' : ` New password: ${password}`}`;
    }
    case 'remove': {
      const user = await removeUser(db, required(options, 'email'), commandLineActor());
      return `Removed ${user.email} and ended their sessions.`;
    }
    case 'disable': {
      const user = await disableUser(db, required(options, 'email'), commandLineActor());
      return `Disabled ${user.email} and ended their sessions. They cannot sign in until enabled again.`;
    }
    case 'enable': {
      const user = await enableUser(db, required(options, 'email'), commandLineActor());
      return `Enabled ${user.email}. They can sign in again.`;
    }
    case 'reset-mfa': {
      const user = await resetMfa(db, required(options, 'email'), commandLineActor());
      return `Cleared the two-step sign-in of ${user.email} and ended their sessions. Where their role needs it, they set it up again at their next sign-in.`;
    }
    default:
      throw new Error(`Unknown command "${command}"`);
  }
}

async function main(argv: string[]): Promise<number> {
  const parsed = readCommandLine(
    {
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        'given-name': { type: 'string' },
        'family-name': { type: 'string' },
        role: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    },
    USAGE,
    ({ values, positionals }) => [usageProblem(positionals, values)],
  );
  if (typeof parsed === 'number') return parsed;
  const [command] = parsed.positionals;
  const env = loadEnv();
  if (env.externalOidc) {
    console.error('Users are managed by the external sign-in service (OIDC_ISSUER is set), not here.');
    return 2;
  }
  // Loaded only now, so that usage mistakes are answered without starting the database engine.
  const { runOnDatabase } = await import('@/server/db/cli-database');
  const { UserError } = await import('@/server/accounts/accounts');
  return runOnDatabase(env, (db) => run(command, parsed.values, db), [UserError]);
}

process.exitCode = await main(process.argv.slice(2));
