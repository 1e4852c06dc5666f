import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  ssr: {
    // Native and WASM packages stay as runtime imports of the server build.
    external: ["@electric-sql/pglite", "@node-rs/argon2", "sharp", "pg"],
  },
});
