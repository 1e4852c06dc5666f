// PGlite on its own thread (decision 037): the shop's queries run here, so the engine's work does not take
// turns with page rendering on the main thread. Plain JavaScript so that any Node can start it without a loader.
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const asText = (value) => value;
// The parsers drizzle-orm/pglite asks for: dates, times and intervals (and arrays of them) stay as text.
const parsers = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText,
  1115: asText,
  1185: asText,
  1187: asText,
  1182: asText,
};

/** Only a PostgreSQL error's own fields cross the thread (code, constraint, detail…), not its prototype. */
function plainError(error) {
  const fields = { name: error?.name ?? "Error", message: String(error?.message ?? error) };
  for (const [key, value] of Object.entries(error ?? {})) {
    if (typeof value === "string" || typeof value === "number") fields[key] = value;
  }
  return fields;
}

// PostgreSQL's shared buffers live in PGlite's WebAssembly memory, which is resident once touched and never
// shrinks: the default 128 MB made an idle shop about 100 MB larger than 32 MB does. Pages not held here are read
// from the operating system's file cache (issue 26: one process on a 1 GB server).
const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];
// A new folder starts from the empty database `npm run build` packed, when there is one (decision 065).
const loadDataDir = workerData.emptyDatabase ? new Blob([readFileSync(workerData.emptyDatabase)]) : undefined;
const pg = await PGlite.create(workerData.pgdata, { extensions: { pg_trgm }, startParams, loadDataDir });
/** Open transactions by id: the PGlite transaction and how to end it (true commits, false rolls back). */
const transactions = new Map();
const listeners = new Map();

const answer = (id, result) => parentPort.postMessage({ id, result });
const fail = (id, error) => parentPort.postMessage({ id, error: plainError(error) });

function begin(id) {
  let end;
  const ended = new Promise((resolve) => (end = resolve));
  const done = pg.transaction(async (tx) => {
    transactions.set(id, { tx, end, done });
    answer(id, null);
    if (!(await ended)) await tx.rollback();
  });
  done.catch((error) => {
    if (!transactions.has(id)) fail(id, error);
  });
}

async function handle(message) {
  switch (message.op) {
    case "query": {
      const target = message.tx === undefined ? pg : transactions.get(message.tx)?.tx;
      if (!target) throw new Error("The transaction has ended.");
      return target.query(message.sql, message.params, { rowMode: message.rowMode, parsers });
    }
    case "end": {
      const transaction = transactions.get(message.tx);
      if (!transaction) throw new Error("The transaction has ended.");
      transaction.end(message.commit);
      try {
        await transaction.done;
      } finally {
        transactions.delete(message.tx);
      }
      return null;
    }
    case "listen": {
      const stop = await pg.listen(message.channel, (payload) =>
        parentPort.postMessage({ notification: { listener: message.id, payload } }),
      );
      listeners.set(message.id, stop);
      return null;
    }
    case "unlisten": {
      await listeners.get(message.listener)?.();
      listeners.delete(message.listener);
      return null;
    }
    case "close":
      if (!pg.closed) await pg.close();
      return null;
    default:
      throw new Error(`Unknown database request ${message.op}.`);
  }
}

parentPort.on("message", (message) => {
  if (message.op === "begin") return begin(message.id);
  handle(message).then(
    (result) => answer(message.id, result),
    (error) => fail(message.id, error),
  );
});
parentPort.postMessage({ ready: true });
