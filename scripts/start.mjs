// `npm start` and the image's command. Plain JavaScript, so that node runs it without a TypeScript loader: a shop
// started from the bundled build/start.js idles about 150 MB smaller than one compiling TypeScript as it loads
// (decision 065). Only when the build is missing or older than the sources (never in a deployment) does it load
// scripts/start.ts through tsx, which builds first.
import { deployed } from "./production.mjs";
import { buildState, builtStart } from "./build-state.mjs";

const state = buildState();
if (deployed && state === "missing") {
  console.error("Duka cannot start: There is no build in build/; run `npm run build` before starting (the Docker image does it when it is built).");
  process.exit(1);
}
// A deployment serves the build it was given even when its files look older than the sources (copied in any order).
const current = deployed || state === "current";
if (!current) (await import("tsx/esm/api")).register();
const { start } = await import(current ? builtStart : "./start.ts");
await start(current ? "current" : state);
