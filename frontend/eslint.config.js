import { readdirSync } from "node:fs";
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
      "src/wailsjs",
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
    // Dates and numbers in the site's locale (src/lib/copy.ts), never the
    // browser's: the page's words are British, so are its dates.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "NewExpression[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|NumberFormat)$/]:not([arguments.0.name='siteLocale'])",
          message: "Format with siteLocale from @/lib/copy.",
        },
        {
          selector:
            "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]:not([arguments.0.name='siteLocale'])",
          message: "Format with siteLocale from @/lib/copy.",
        },
      ],
    },
  },
  ...featureBoundaries(),
);

// Bulletproof-react's line: features never import each other (within a
// feature, imports are relative); shared code lives in components, lib,
// stores and hooks, which never import features. The two entries compose
// features: the website's src/app and the station's src/station.
//
// A relative path can reach another feature as well as the alias can
// ("../auth/copy"), so each feature gets one block per folder depth that
// refuses a relative path climbing out of it into src/features.
function featureBoundaries() {
  const message = "Features do not import each other; share through src/components or src/lib.";
  const viaAlias = { group: ["@/features/*"], message };
  const features = readdirSync(new URL("./src/features", import.meta.url), {
    withFileTypes: true,
  })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const blocks = [
    {
      files: ["src/**/*.{ts,tsx}"],
      ignores: ["src/app/**", "src/station/**", "src/features/**"],
      rules: { "no-restricted-imports": ["error", { patterns: [viaAlias] }] },
    },
  ];
  for (const feature of features) {
    for (let depth = 0; depth <= 4; depth++) {
      const up = `(\\.\\./){${depth + 1}}`;
      blocks.push({
        files: [`src/features/${feature}/${"*/".repeat(depth)}*.{ts,tsx}`],
        rules: {
          "no-restricted-imports": [
            "error",
            {
              patterns: [
                viaAlias,
                // Up to src/features, then into any folder but this feature's own.
                { regex: `^${up}(?!\\.\\./|${feature}/)`, message },
                // Up to src, then down into src/features.
                { regex: `^${up}\\.\\./features/`, message },
              ],
            },
          ],
        },
      });
    }
  }
  return blocks;
}
