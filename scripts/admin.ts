/**
 * Administrator accounts from the command line (DESIGN §7):
 *   npm run admin -- create --email owner@example.com [--password '…']
 *   npm run admin -- reset-password --email owner@example.com [--password '…']
 *   npm run admin -- list
 * Without --password a random one is generated and printed once.
 * With the embedded database, stop the server first (one process per data folder).
 */
import { parseArgs } from "node:util";
import { countAdmins, createAdmin, generatePassword, resetAdminPassword } from "~/models/admins.server";
import { ModelError } from "~/models/errors.server";
import { deleteSessionsOf } from "~/models/sessions.server";
import { startServices, stopServices } from "~/services.server";
import { getEnv } from "~/platform/env.server";
import { db } from "~/db/client.server";
import { admins } from "~/db/schema";
import { runCommand } from "./run-command";

const USAGE = `Usage:
  npm run admin -- create --email <e-mail> [--password <password>]
  npm run admin -- reset-password --email <e-mail> [--password <password>]
  npm run admin -- list`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: "string" }, password: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  const command = positionals[0];
  if (values.help || !command || !["create", "reset-password", "list"].includes(command)) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if (command !== "list" && !values.email) {
    console.error(`--email is required.\n${USAGE}`);
    return 2;
  }

  await startServices({ ...getEnv(), LOG_LEVEL: "error" });
  try {
    if (command === "list") {
      const rows = await db().select({ email: admins.email, created_at: admins.created_at }).from(admins);
      console.log(`${await countAdmins()} administrator(s):`);
      for (const row of rows) console.log(`  ${row.email}  (created ${row.created_at})`);
      return 0;
    }
    const password = values.password ?? generatePassword();
    if (command === "create") {
      const admin = await createAdmin(values.email, password);
      console.log(`Administrator ${admin.email} created.`);
    } else {
      const admin = await resetAdminPassword(values.email, password);
      await deleteSessionsOf(admin.id);
      console.log(`Password of ${admin.email} changed; all of its sessions were signed out.`);
    }
    if (!values.password) console.log(`Password (shown only once): ${password}`);
    return 0;
  } finally {
    await stopServices();
  }
}

// Known refusals (bad e-mail, short password, data folder in use) are plain messages.
runCommand(main, (error) => (error instanceof ModelError || error instanceof Error ? error.message : error));
