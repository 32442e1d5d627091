import { render, screen, waitFor } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SEEDED_ADMIN_NAME } from "../../../contract/users";
import { DEFAULT_ASSOCIATION_NAME } from "../../../contract/site";
import { setAccessToken } from "../../../providers/tokenStore";
import { I18nContext } from "../../../src/i18n/I18nContext";
import { translator } from "../../../i18n/translate";
import type { Locale } from "../../../i18n/types";
import { Footer } from "../../../src/layout/Footer";
import { Header } from "../../../src/layout/Header";
import { SiteSettingsProvider, type SiteSettings } from "../../../src/site/SiteSettings";

const site: SiteSettings = {
  associationName: DEFAULT_ASSOCIATION_NAME,
  associationUrl: "/",
  contactPhone: "028-12345678",
  contactEmail: "ip-service@example.org",
  contactAddress: "",
  officialAccountQrUrl: "/api/open/site/qr.svg",
  customerServiceScript: null,
  aiProductUrl: null,
  aiProductContactPerson: "",
};

function renderIn(locale: Locale, element: ReactElement, settings: SiteSettings = site) {
  const load = () => Promise.resolve(settings);
  return render(
    <I18nContext.Provider value={{ locale, t: translator(locale), setLocale: () => undefined }}>
      <SiteSettingsProvider load={load}>
        <MemoryRouter>{element}</MemoryRouter>
      </SiteSettingsProvider>
    </I18nContext.Provider>,
  );
}

/** SPEC 4: signed in is a stored user id and a token. */
const signInAs = (name: string) => {
  localStorage.setItem("userInfo", JSON.stringify({ id: 1, name }));
  setAccessToken({ access_token: "at", token_type: "bearer", expires_in: Date.now() + 7_200_000 });
};

describe("the greeting's name", () => {
  it("is the seeded administrator's name in the reader's language", async () => {
    signInAs(SEEDED_ADMIN_NAME);
    renderIn("en", <Header />);
    expect(await screen.findByTestId("header-user")).toHaveTextContent("Hello, Administrator");
  });

  it("stays as typed for any other name, and Chinese reads Chinese", async () => {
    signInAs("王芯");
    const english = renderIn("en", <Header />);
    expect(await screen.findByTestId("header-user")).toHaveTextContent("Hello, 王芯");
    english.unmount();
    signInAs(SEEDED_ADMIN_NAME);
    renderIn("zh-CN", <Header />);
    expect(await screen.findByTestId("header-user")).toHaveTextContent("您好，管理员");
  });
});

describe("the footer's association name", () => {
  it("is the catalog's name in English while the name is the default, contact lines included", async () => {
    renderIn("en", <Footer />);
    const footer = screen.getByTestId("app-footer");
    await waitFor(() => expect(footer).toHaveTextContent("Phone: 028-12345678"));
    expect(screen.getByRole("link", { name: "City Semiconductor Industry Association" })).toBeInTheDocument();
    expect(footer).toHaveTextContent("City Semiconductor Industry Association. All rights reserved.");
    expect(footer).toHaveTextContent("Email: ip-service@example.org");
    expect(footer).not.toHaveTextContent(/[\u4e00-\u9fff]/);
  });

  it("is shown as configured when the deployment names the association", async () => {
    renderIn("en", <Footer />, { ...site, associationName: "成都市半导体行业协会" });
    expect(await screen.findByRole("link", { name: "成都市半导体行业协会" })).toBeInTheDocument();
  });
});

describe("the shell's icons", () => {
  it.each(["zh-CN", "en"] as const)("are hidden from screen readers in %s, so no English icon name is read", async (locale) => {
    signInAs("王芯");
    renderIn(locale, <Header />);
    // The greeting comes with its menu, which loads on its own: the icons are all there once it is.
    expect(await screen.findByTestId("header-user")).toHaveAccessibleName(locale === "en" ? "Hello, 王芯" : "您好，王芯");
    expect(screen.queryAllByRole("img")).toHaveLength(0);
    expect(document.querySelectorAll(".anticon:not([aria-hidden='true'])")).toHaveLength(0);
  });
});
