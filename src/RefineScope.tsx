import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import { useMemo, type ReactNode } from "react";
import { createAccessControlProvider } from "../providers/accessControl";
import { authProvider } from "../providers/authProvider";
import { createI18nProvider } from "../providers/i18nProvider";
import { notificationProvider } from "../providers/notificationProvider";
import { dataProvider, menuCodeOf, resources } from "../resources";
import { AccessProvider } from "./access/AccessProvider";
import { useI18n } from "./i18n/I18nContext";
import type { Locale } from "../i18n/types";

const accessControlProvider = createAccessControlProvider(menuCodeOf);

const dayjsLocale: Record<Locale, string> = { "zh-CN": "zh-cn", en: "en" };

/**
 * Refine with the app's providers and resources, and access control (CASL) beneath it. App.tsx loads
 * it lazily: Refine, its query cache and CASL are about a fifth of the app's shell, and the sign-in
 * pages use none of them.
 */
export default function RefineScope({ children }: { children: ReactNode }) {
  const { locale, setLocale } = useI18n();
  // Dates (antd's pickers, the lists' times) show only on pages inside this scope, so dayjs and its
  // Chinese locale load with it rather than on the sign-in pages; set while rendering, before them.
  dayjs.locale(dayjsLocale[locale]);
  const i18nProvider = useMemo(() => createI18nProvider({ locale, setLocale }), [locale, setLocale]);

  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      notificationProvider={notificationProvider}
      resources={resources}
      options={{ disableTelemetry: true, syncWithLocation: true }}
    >
      <AccessProvider>{children}</AccessProvider>
    </Refine>
  );
}
