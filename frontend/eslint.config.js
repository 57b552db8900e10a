import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "dist",
      "dist-ssr",
      "src/lib/api/schema.d.ts",
      "node_modules",
      "coverage",
      "test-results",
      "playwright-report",
    ],
  },
  {
    files: ["**/*.{ts,tsx}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Bulletproof-react's line: features never import each other (within a
    // feature, imports are relative); shared code lives in components, lib,
    // stores and hooks, which never import features.
    files: ["src/**/*.{ts,tsx}"],
    // The two entries compose features: the website's src/app and the station's src/station.
    ignores: ["src/app/**", "src/station/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/features/*"],
              message:
                "Features do not import each other; share through src/components or src/lib.",
            },
          ],
        },
      ],
    },
  },
);
