import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    rollupOptions: {
      output: {
        // The storefront's shared pieces travel as one file: a dozen tiny chunks cost more than their bytes.
        advancedChunks: {
          groups: [
            { name: "framework", test: /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//, priority: 20 },
            { name: "shop-kit", test: /\/app\/(components\/ui\/|components\/[a-z-]+\.tsx?$)/, priority: 10 },
          ],
        },
      },
    },
  },
  ssr: {
    // Native and WASM packages stay as runtime imports of the server build.
    external: ["@electric-sql/pglite", "@node-rs/argon2", "sharp", "pg"],
  },
});
