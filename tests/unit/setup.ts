import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import { loadCatalog } from "../../i18n/appTranslate";

// The app fetches its English texts before the first render when English is the stored language
// (src/main.tsx) and before switching to it; tests that store or pick English start from there.
await loadCatalog("en");

// findBy*/waitFor give up after this: the default second is too short for a 2-core machine running
// the whole suite in parallel (a debounced search and antd's dropdown took over 5 s under load).
configure({ asyncUtilTimeout: 10_000 });

// antd's responsive helpers read matchMedia, which jsdom lacks.
Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
