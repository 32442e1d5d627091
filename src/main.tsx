import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { loadCatalog } from "../i18n/appTranslate";
import { storedLocale } from "../providers/storedLocale";
import { restoreTokens } from "../providers/tokenStore";
import { App } from "./App";
import { I18nRoot } from "./i18n/I18nRoot";

// SPEC 4: a stored token is restored only while under an hour old.
restoreTokens();

const render = () =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <I18nRoot>
        <App />
      </I18nRoot>
    </StrictMode>,
  );

// Only the Chinese texts come with the first load: a stored English choice fetches its catalog first
// (should that fail, the page shows in Chinese rather than not at all).
loadCatalog(storedLocale()).then(render, (error: unknown) => {
  console.warn("language not loaded", error);
  render();
});
