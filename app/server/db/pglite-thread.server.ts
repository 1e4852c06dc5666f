import { existsSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { projectRoot } from "../config.server";

type Results = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type QueryOptions = { rowMode?: "array" | "object" };
type Request = { op: "query"; sql: string; params?: unknown[]; rowMode?: string; tx?: number } | { op: "begin" } | { op: "end"; tx: number; commit: boolean } | { op: "listen"; channel: string } | { op: "unlisten"; listener: number } | { op: "close" };
type Reply = { id: number; result?: unknown; error?: Record<string, string | number> } | { notification: { listener: number; payload: string } } | { ready: true };

/** What drizzle-orm/pglite asks of a client inside a transaction. */
export type ThreadTransaction = { query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results> };

/** The worker's copy of a PostgreSQL error (code, constraint, detail…), so callers can tell a unique violation. */
function rebuiltError(fields: Record<string, string | number>): Error {
  return Object.assign(new Error(String(fields.message)), fields);
}

/**
 * PGlite running on a worker thread (decision 037), with the part of PGlite's interface that drizzle-orm/pglite
 * uses: `query` and `transaction`, plus `listen` for the shop's live events. Dates and intervals come back as
 * text, as drizzle asks. The thread holds the process open only while a request is waiting for its answer.
 */
export class PgliteThread {
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private nextId = 1;
  private stopped: Error | undefined;
  closed = false;

  private constructor(private readonly worker: Worker) {
    worker.on("message", (reply: Reply) => this.receive(reply));
    worker.on("error", (error) => this.stop(error));
    worker.on("exit", () => this.stop(new Error("The database thread has stopped.")));
    worker.unref();
  }

  /**
   * Opens the PGlite data directory `pgdata` on a new thread. A new directory is unpacked from the empty database
   * that `npm run build` made; without a build it is made (initdb) on a thread of its own, ended before the
   * shop's opens: making it leaves about 400 MB behind in the thread that did it, which a process on a small server
   * cannot spare (issue 26, decision 065).
   */
  static async open(pgdata: string, emptyDatabase = path.join(projectRoot(), "build", "empty-database.tar.gz")): Promise<PgliteThread> {
    if (existsSync(path.join(pgdata, "PG_VERSION"))) return PgliteThread.start({ pgdata });
    if (existsSync(emptyDatabase)) return PgliteThread.start({ pgdata, emptyDatabase });
    await (await PgliteThread.start({ pgdata })).close();
    return PgliteThread.start({ pgdata });
  }

  private static start(workerData: { pgdata: string; emptyDatabase?: string }): Promise<PgliteThread> {
    // Plain JavaScript needs none of the process's flags (a loader, or `--input-type` of a `node -e` script,
    // which a worker started from a file refuses).
    const worker = new Worker(path.join(projectRoot(), "app", "server", "db", "pglite-thread.worker.mjs"), { workerData, execArgv: [] });
    return new Promise((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      worker.once("error", failed);
      worker.once("message", () => {
        worker.off("error", failed);
        resolve(new PgliteThread(worker));
      });
    });
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results> {
    return this.send({ op: "query", sql, params, rowMode: options.rowMode }) as Promise<Results>;
  }

  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = this.nextId++;
    await this.send({ op: "begin" }, id);
    const tx: ThreadTransaction = {
      query: (sql, params = [], options = {}) => this.send({ op: "query", sql, params, rowMode: options.rowMode, tx: id }) as Promise<Results>,
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      await this.send({ op: "end", tx: id, commit: false }).catch(() => {});
      throw error;
    }
    await this.send({ op: "end", tx: id, commit: true });
    return result;
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    // Known before the worker hears of it, so that no notification arrives for a listener not yet here.
    const listener = this.nextId++;
    this.listeners.set(listener, onPayload);
    await this.send({ op: "listen", channel }, listener);
    return async () => {
      this.listeners.delete(listener);
      await this.send({ op: "unlisten", listener });
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.send({ op: "close" }).catch(() => {});
    await this.worker.terminate();
  }

  /** Posts a request; `id` names it, and a transaction or listener it starts. */
  private send(request: Request, id = this.nextId++): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...request });
    });
  }

  private receive(reply: Reply) {
    if ("notification" in reply) return this.listeners.get(reply.notification.listener)?.(reply.notification.payload);
    if (!("id" in reply)) return;
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.error) waiting.reject(rebuiltError(reply.error));
    else waiting.resolve(reply.result);
  }

  private stop(error: Error) {
    this.stopped ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
