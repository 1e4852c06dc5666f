import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "bench/results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Plain JavaScript that node runs without a loader (scripts/start.mjs, the PGlite thread).
  { files: ["**/*.mjs"], languageOptions: { globals: globals.node } },
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Storefront and shared components run in every shopper's browser: schemas (and the zod library) stay in
    // loaders and actions (decision 007). Back-office components never reach a shopper, so their forms check
    // with the action's own schema.
    files: ["app/components/**/*.{ts,tsx}"],
    ignores: ["app/components/admin/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [{ name: "zod", allowTypeImports: true }],
          patterns: [{ group: ["~/domain/*.schema"], allowTypeImports: true }],
        },
      ],
    },
  },
  {
    // Domain rules are pure: no I/O, no React, no clock, no hidden randomness.
    files: ["app/domain/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["~/server/*", "../server/*", "react", "react-dom", "react-router"] }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "Pass `now` in; domain rules never read the clock.",
        },
        { selector: "MemberExpression[object.name='Date'][property.name='now']", message: "Pass `now` in." },
        { selector: "MemberExpression[object.name='Math'][property.name='random']", message: "Pass randomness in." },
      ],
    },
  },
);
