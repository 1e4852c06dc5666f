import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompressSync, constants } from "node:zlib";
import zopfli from "@gfx/zopfli";
import { defineConfig, type Plugin } from "vite";

const zopfliGzip = promisify(zopfli.gzip);

/**
 * Writes a brotli (.br) and a gzip (.gz) copy of each text file of the browser build, at the strongest
 * settings: compressed once here instead of on every request, and a third smaller than gzip for browsers that
 * take brotli. The gzip copy is made with Zopfli, which any gzip reader reads and which is 3% smaller than
 * zlib's best, for the phones whose browsers take only gzip. server.ts sends them (decision 022).
 */
function precompressBrowserFiles(): Plugin {
  return {
    name: "duka-precompress",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const files = Object.keys(bundle).filter((file) => /^assets\/.+\.(js|css|svg)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const target = path.join(options.dir!, file);
          const output = bundle[file]!;
          const content = Buffer.from(output.type === "chunk" ? output.code : output.source);
          writeFileSync(
            `${target}.br`,
            brotliCompressSync(content, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
            }),
          );
          writeFileSync(`${target}.gz`, await zopfliGzip(content, { numiterations: 15 }));
        }),
      );
    },
  };
}

/**
 * React Router's package only exports its development build, whose warnings (on by a constant) cost every
 * shopper 0.6 KB gzip for nothing. The browser bundle takes the production build shipped beside it; the
 * server keeps the exported one, as the adapters it runs with import that copy (decision 022).
 */
function reactRouterProductionBuild(): Plugin {
  const dist = path.join(import.meta.dirname, "node_modules", "react-router", "dist", "production");
  const files: Record<string, string> = { "react-router": "index.mjs", "react-router/dom": "dom-export.mjs" };
  return {
    name: "duka-react-router-production",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(id) {
      const file = files[id];
      return file ? path.join(dist, file) : null;
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouterProductionBuild(), reactRouter(), precompressBrowserFiles()],
  resolve: { tsconfigPaths: true },
  build: {
    rollupOptions: {
      output: {
        // The storefront's shared pieces travel as one file: a dozen tiny chunks cost more than their bytes.
        advancedChunks: {
          groups: [
            {
              name: "framework",
              test: /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//,
              priority: 20,
            },
            { name: "shop-kit", test: /\/app\/(components\/ui\/|components\/[a-z-]+\.tsx?$)/, priority: 10 },
          ],
        },
      },
    },
  },
  environments: {
    // The server build has no dynamic import(): tsx, which loads it under `npm start`, otherwise rewrites the
    // whole file with a source map, holding about 120 MB for the life of the process (issue 26).
    ssr: { build: { rollupOptions: { output: { codeSplitting: false } } } },
  },
  ssr: {
    // Native and WASM packages stay as runtime imports of the server build.
    external: ["@electric-sql/pglite", "@node-rs/argon2", "sharp", "pg"],
  },
});
