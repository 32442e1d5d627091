import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["dist", "build*", "data", "node_modules", "coverage", "test-results"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Layers point one way (DESIGN: page → provider → http): the providers know only the contract and
    // the shared i18n, and the server never reaches into the app.
    files: ["providers/**", "contract/**", "i18n/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/src/**", "**/resources/**", "**/resources", "**/server/**"], message: "providers/, contract/ and i18n/ may import only contract/, i18n/ and providers/." }] }],
    },
  },
  {
    files: ["server/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/src/**", "**/resources/**", "**/resources", "**/providers/**"], message: "The server imports only contract/, i18n/ and its own modules." }] }],
    },
  },
);
