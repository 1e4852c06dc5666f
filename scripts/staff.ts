import { STAFF_ROLES, type StaffRole } from "../app/domain/staff";
import { finish, runOnShop } from "./cli";

const USAGE = `Usage:
  npm run staff -- add <email> [--role owner|developer]
  npm run staff -- list
  npm run staff -- remove <email>
  npm run staff -- passwd <email>
  npm run staff -- unlock <email>
The password comes from STAFF_PASSWORD, or is asked for without echo.`;

/** Reads the password from STAFF_PASSWORD, a hidden prompt on a terminal, or the first line of piped input. */
async function readPassword(prompt: string): Promise<string> {
  if (process.env.STAFF_PASSWORD) return process.env.STAFF_PASSWORD;
  const input = process.stdin;
  if (!input.isTTY) {
    let text = "";
    for await (const chunk of input) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? "";
  }
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.setEncoding("utf8");
  input.resume();
  return new Promise((resolve, reject) => {
    let password = "";
    const onData = (keys: string) => {
      for (const key of keys) {
        if (key === "\r" || key === "\n") {
          input.setRawMode(false);
          input.pause();
          input.off("data", onData);
          process.stderr.write("\n");
          resolve(password);
          return;
        }
        if (key === "\u0003") {
          input.setRawMode(false);
          reject(new Error("Cancelled."));
          return;
        }
        if (key === "\u007f") password = password.slice(0, -1);
        else password += key;
      }
    };
    input.on("data", onData);
  });
}

function parseRole(args: string[]): StaffRole | undefined {
  const at = args.indexOf("--role");
  if (at === -1) return undefined;
  const role = args[at + 1];
  if (!STAFF_ROLES.includes(role as StaffRole)) throw new Error(`--role must be owner or developer.\n${USAGE}`);
  return role as StaffRole;
}

async function main(args: string[]) {
  const [command, email] = args;
  switch (command) {
    case "add": {
      if (!email) throw new Error(USAGE);
      const role = parseRole(args);
      const password = await readPassword(`Password for ${email}: `);
      const added = (await runOnShop({ command: "staff-add", email, password, role })) as { email: string; role: StaffRole };
      console.log(`Added ${added.email} as ${added.role === "developer" ? "a Developer" : "a Store Owner"}.`);
      return;
    }
    case "list": {
      const staff = (await runOnShop({ command: "staff-list" })) as { email: string; role: StaffRole }[];
      if (staff.length === 0) console.log("No staff yet. Add one with: npm run staff -- add <email>");
      for (const member of staff) console.log(`${member.email}\t${member.role}`);
      return;
    }
    case "remove":
      if (!email) throw new Error(USAGE);
      await runOnShop({ command: "staff-remove", email });
      console.log(`Removed ${email}.`);
      return;
    case "passwd": {
      if (!email) throw new Error(USAGE);
      const password = await readPassword(`New password for ${email}: `);
      await runOnShop({ command: "staff-passwd", email, password });
      console.log(`Changed the password of ${email}; their other sessions are signed out.`);
      return;
    }
    case "unlock":
      if (!email) throw new Error(USAGE);
      await runOnShop({ command: "staff-unlock", email });
      console.log(`Cleared the failed sign-ins counted against ${email}; they can try again now.`);
      return;
    default:
      throw new Error(USAGE);
  }
}

finish(main(process.argv.slice(2)));
