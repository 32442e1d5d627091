import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { restoreTokens } from "../providers/tokenStore";
import { App } from "./App";
import { I18nRoot } from "./i18n/I18nRoot";

// SPEC 4: a stored token is restored only while under an hour old.
restoreTokens();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <I18nRoot>
      <App />
    </I18nRoot>
  </StrictMode>,
);
