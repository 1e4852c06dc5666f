import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "yaml";
import { describe, expect, test } from "vitest";
import { readConfig } from "../app/server/config.server";
import { startArguments } from "../tests/e2e/support/shop-server";

// The deployment files (issue 26): compose.yaml parses and describes a shop that starts, deploy/Caddyfile is valid
// Caddy configuration with the settings the shop relies on, and the Dockerfile builds what the README says.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

type Service = {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }> | string[];
  stop_grace_period?: string;
  volumes?: string[];
};
const compose = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, Service> };

/** What Compose makes of `${NAME:?message}` and `${NAME:-default}` when the operator has set the required ones. */
const operatorSets: Record<string, string> = { POSTGRES_PASSWORD: "pg-secret", SHOP_DOMAIN: "shop.example.co.ke", S3_SECRET_ACCESS_KEY: "s3-secret" };
const interpolate = (value: string) =>
  value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_all, name: string, kind?: string, rest?: string) => operatorSets[name] ?? (kind === "-" ? (rest ?? "") : ""));
const environmentOf = (service: Service) =>
  Object.fromEntries(Object.entries(service.environment ?? {}).map(([name, value]) => [name, interpolate(String(value))]));

const shops = Object.entries(compose.services).filter(([, service]) => service.command === undefined && service.image === "duka:latest");

describe("compose.yaml", () => {
  test("holds PostgreSQL, an S3 store, the migration step, two shop processes and Caddy", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["bucket", "caddy", "migrate", "minio", "postgres", "shop-1", "shop-2"]);
    expect(shops.map(([name]) => name)).toEqual(["shop-1", "shop-2"]);
    expect(compose.services.migrate?.command).toEqual(["node", "--import", "tsx", "scripts/migrate.ts"]);
  });

  test("each shop process starts with the settings the production guard and MIGRATE=off need", () => {
    for (const [name, shop] of shops) {
      const environment = environmentOf(shop);
      expect(environment, name).toMatchObject({ MIGRATE: "off", DUKA_PROCESSES: String(shops.length), DUKA_PROCESS_NAME: name });
      // The shop's own configuration reading accepts it as the image runs it.
      expect(() => readConfig({ ...environment, NODE_ENV: "production" }), name).not.toThrow();
      expect(shop.depends_on, name).toMatchObject({ migrate: { condition: "service_completed_successfully" } });
      // Docker's default 10 s would SIGKILL a process still draining.
      expect(Number.parseInt(shop.stop_grace_period ?? "10s"), name).toBeGreaterThanOrEqual(25);
    }
  });

  test("Caddy's configuration is valid, checks /readyz, streams live updates and sets the request id", async () => {
    const caddy = compose.services.caddy!;
    expect(caddy.volumes).toContain("./deploy/Caddyfile:/etc/caddy/Caddyfile:ro");
    const { stdout } = await run("caddy", ["adapt", "--config", path.join(root, "deploy", "Caddyfile"), "--adapter", "caddyfile"], {
      env: { ...process.env, ...environmentOf(caddy) },
    });
    const proxy = JSON.parse(stdout).apps.http.servers.srv0.routes[0].handle[0].routes[0].handle[0];
    expect(proxy).toMatchObject({
      handler: "reverse_proxy",
      flush_interval: -1,
      health_checks: { active: { uri: "/readyz" } },
      headers: { request: { set: { "X-Request-Id": ["{http.request.uuid}"] } } },
      upstreams: shops.map(([name]) => ({ dial: `${name}:3000` })),
    });
  });
});

describe("Dockerfile", () => {
  const dockerfile = read("Dockerfile");
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const final = stages.at(-1)!;

  test("builds at image build time in its own stage, and the image holds production dependencies only", () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    expect(stages.some((stage) => stage.includes("RUN npm run build"))).toBe(true);
    expect(final).toContain("COPY --from=production-dependencies /app/node_modules ./node_modules");
    expect(stages.find((stage) => stage.startsWith("node") && stage.includes("AS production-dependencies"))).toContain("npm install --omit=dev");
    expect(final).toContain("COPY --from=build /app/build ./build");
  });

  test("runs as a user other than root, in production, with node itself as the process SIGTERM reaches", () => {
    expect(final).toMatch(/^USER node$/m);
    expect(final).toMatch(/NODE_ENV=production/);
    const command = /^CMD (\[.*\])$/m.exec(final)?.[1];
    expect(JSON.parse(command ?? "[]")).toEqual(["node", ...startArguments]);
    expect(startArguments.at(-1)).toBe("scripts/start.mjs");
  });
});
