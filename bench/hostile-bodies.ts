import http from "node:http";
import { createInterface } from "node:readline";

/**
 * The attackers of bench/abuse.ts, as a process of their own (as their own machines would be), so their writing
 * neither slows the browsing's measurement nor counts its start-up in it: `tsx bench/hostile-bodies.ts
 * <shop URL> <seconds>` says "ready", waits for a line on stdin, then has 20 clients post 50 MB bodies to the
 * public forms one after another for that long, each in turn chunked and with a Content-Length, and prints every
 * answer counted by status as JSON.
 */
export const ATTACKERS = 20;
export const BODY_BYTES = 50 * 1024 * 1024;
// Each client sends at 8 Mbit/s, a fast uplink: on loopback, clients without a pace would measure how fast the
// machine copies bytes between two of its own processes, which any server pays whatever it then does with them.
export const UPLOAD_BYTES_PER_SECOND = 1024 * 1024;
const FORMS = ["/track", "/checkout", "/newsletter"];
const PIECE = Buffer.alloc(64 * 1024, "a");

/** Posts one 50 MB form body at the upload pace; the status as soon as the answer comes (the rest unsent), or the error instead. */
function postHugeBody(baseURL: string, path: string, chunked: boolean): Promise<string> {
  return new Promise((resolve) => {
    const headers = { "Content-Type": "application/x-www-form-urlencoded", ...(chunked ? {} : { "Content-Length": BODY_BYTES }) };
    const request = http.request(`${baseURL}${path}`, { method: "POST", headers, agent: false });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      resolve(String(response.statusCode));
      request.destroy();
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve(`no answer (${error.code ?? error.message})`));
    let written = 0;
    const pause = (PIECE.length / UPLOAD_BYTES_PER_SECOND) * 1000;
    const write = () => {
      if (answered) return;
      if (written >= BODY_BYTES) return void request.end();
      written += PIECE.length;
      const next = () => setTimeout(write, pause);
      if (request.write(PIECE)) next();
      else request.once("drain", next);
    };
    write();
  });
}

async function attack(baseURL: string, seconds: number): Promise<Record<string, number>> {
  const until = Date.now() + seconds * 1000;
  const answers: Record<string, number> = {};
  await Promise.all(
    Array.from({ length: ATTACKERS }, async (_, client) => {
      for (let n = 0; Date.now() < until; n++) {
        const answer = await postHugeBody(baseURL, FORMS[(client + n) % FORMS.length]!, (client + n) % 2 === 0);
        answers[answer] = (answers[answer] ?? 0) + 1;
      }
    }),
  );
  return answers;
}

if (process.argv[1]?.endsWith("hostile-bodies.ts")) {
  const [baseURL = "", seconds = "0"] = process.argv.slice(2);
  console.log("ready");
  const lines = createInterface({ input: process.stdin });
  await new Promise((resolve) => lines.once("line", resolve));
  lines.close();
  console.log(JSON.stringify(await attack(baseURL, Number(seconds))));
}
