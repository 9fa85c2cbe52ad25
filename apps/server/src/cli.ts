// `npm run lokal -- <command> EMAIL`: operator tasks on the database the server uses (DATABASE_URL, or the
// embedded one in DATA_DIR). Same service functions as the staff console, so the same rules and audit rows.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { OPERATOR_ACTOR } from '@lokal/shared/constants/admin';
import { emailSchema } from '@lokal/shared/schemas/auth';
import pino from 'pino';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import type { Actor } from './modules/admin/audit/repository.ts';
import { createOperatorServices, type OperatorServices } from './modules/admin/operator.ts';
import { HttpError } from './plugins/errors.ts';
import { createMailer } from './plugins/mail.ts';
import { announceSignedOut } from './plugins/realtime.ts';

export const HELP = `Usage: npm run lokal -- <command> EMAIL

Commands:
  invites:add EMAIL     add EMAIL to the beta invite list
  guides:verify EMAIL   verify the waiting guide with this e-mail (they get an e-mail and a notification)
  staff:add EMAIL       make EMAIL staff: creates the account, or promotes a tourist or guide, and invites it
  staff:remove EMAIL    delete the staff account of EMAIL (ADMIN_EMAILS addresses are removed there)
  --help                show this help

It opens the database the server uses: DATABASE_URL, or the embedded one in DATA_DIR (default ./data).
Stop the server first when it runs on the embedded database: only one process may open it.
Every command is written to the audit log as "${OPERATOR_ACTOR}".`;

const OPERATOR: Actor = { id: null, email: OPERATOR_ACTOR };

const COMMANDS: Record<string, (services: OperatorServices, email: string) => Promise<string>> = {
  async 'invites:add'(services, email) {
    await services.invites.addInvite(OPERATOR, email, 'cli');
    return `Invited ${email}: they can now ask for a sign-in link.`;
  },
  async 'guides:verify'(services, email) {
    const result = await services.verification.verifyGuideByEmail(OPERATOR, email);
    return `Verified guide ${email}${result.emailSent ? '; they were e-mailed' : '; the e-mail could not be sent'}.`;
  },
  async 'staff:add'(services, email) {
    const how = await services.users.addStaff(OPERATOR, email);
    return how === 'created'
      ? `Created staff account ${email}: sign in at /admin/login.`
      : `Promoted ${email} to staff (signed out everywhere; sign in at /admin/login).`;
  },
  async 'staff:remove'(services, email) {
    await services.users.removeStaff(OPERATOR, email);
    return `Removed staff account ${email}.`;
  },
};

export type CliIo = { out: (line: string) => void; err: (line: string) => void };
/** Tests hand in their own database and config; the command line opens the configured one. */
export type CliDeps = { database?: Database; config?: Config };

/** Runs one command and returns the exit code: 0 done (or nothing to do), 1 bad input or a refusal. */
export async function runCli(argv: string[], io: CliIo, deps: CliDeps = {}): Promise<number> {
  const [command, arg, ...extra] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.out(HELP);
    return command ? 0 : 1;
  }
  const run = COMMANDS[command];
  if (!run) {
    io.err(`Unknown command "${command}". Run npm run lokal -- --help for the list.`);
    return 1;
  }
  if (arg === undefined || extra.length > 0) {
    io.err(`${command} takes one e-mail address: npm run lokal -- ${command} EMAIL`);
    return 1;
  }
  const email = emailSchema.safeParse(arg);
  if (!email.success) {
    io.err(`"${arg}" is not a valid e-mail address.`);
    return 1;
  }

  let config: Config;
  try {
    config = deps.config ?? loadConfig();
  } catch (err) {
    io.err(err instanceof ConfigError ? err.message : String(err));
    return 1;
  }
  const database = deps.database ?? (await openDatabase(config.databaseUrl, config.dataDir));
  const log = pino({ level: 'warn' });
  const services = createOperatorServices({
    db: database.db,
    mailer: createMailer(config, log),
    config,
    now: Date.now,
    log,
    // Servers on the same PostgreSQL forget the member's sessions at once; the embedded database has no
    // running server beside this command.
    signedOut: database.url ? (userId) => announceSignedOut(database.url!, userId) : undefined,
  });
  try {
    io.out(await run(services, email.data));
    return 0;
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    // "Already done" is not a failure: scripts can run the same command twice.
    if (err.code.startsWith('already-')) {
      io.out(err.message);
      return 0;
    }
    io.err(err.message);
    return 1;
  } finally {
    if (!deps.database) await database.close();
  }
}

const invokedDirectly =
  process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  runCli(process.argv.slice(2), { out: (l) => console.log(l), err: (l) => console.error(l) }).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    },
  );
}
