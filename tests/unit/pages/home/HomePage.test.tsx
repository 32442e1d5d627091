import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import { setToaster } from "../../../../providers/notificationProvider";
import HomePage from "../../../../src/pages/home/HomePage";
import { closeCertificationDialog, closeLoginPrompt } from "../../../../src/session/sessionDialogs";
import { fakeNotifier, restoreNetwork, stubNetwork } from "../../providers/network";
import { bodyOf, callsTo, ok, refused, renderPage, signIn, site } from "../pageHarness";

const REDIRECT = "/api/spsp/patnavi/getPatnaviRedirectUrl";

let toast: ReturnType<typeof fakeNotifier>;
let open: ReturnType<typeof vi.fn>;

beforeEach(() => {
  toast = fakeNotifier();
  open = vi.fn();
  vi.stubGlobal("open", open);
});

afterEach(() => {
  restoreNetwork();
  setToaster(null);
  vi.unstubAllGlobals();
  // The session dialogs live outside React and would stay open into the next test.
  act(() => {
    closeLoginPrompt();
    closeCertificationDialog();
  });
});

const showHome = () => renderPage("/", <HomePage />);
/** A member enterprise's user: holds the patent-navigation code the hand-off needs. */
const signInMember = () => signIn("王芯", [MenuCode.PATNAVI, MenuCode.USER_CENTER]);

describe("the home search", () => {
  it("keeps its text in searchInputVal and restores it on the next visit", async () => {
    stubNetwork(() => ok());
    const user = userEvent.setup({ delay: null });
    const first = showHome();
    await user.type(await screen.findByTestId("home-search-input"), "碳化硅 功率器件");
    expect(localStorage.getItem("searchInputVal")).toBe("碳化硅 功率器件");
    first.unmount();

    showHome();
    expect(await screen.findByTestId("home-search-input")).toHaveValue("碳化硅 功率器件");
  });

  it("signed in: asks for the patent-list hand-off with the keywords and opens its jumpUrl", async () => {
    signInMember();
    const seen = stubNetwork(() => ok({ jumpUrl: "https://patnavi.example/list?q=GaN" }));
    const user = userEvent.setup({ delay: null });
    showHome();
    await user.type(await screen.findByTestId("home-search-input"), " GaN ");
    await user.click(await screen.findByTestId("home-search-submit"));

    await waitFor(() => expect(open).toHaveBeenCalledWith("https://patnavi.example/list?q=GaN", "_blank", "noopener"));
    const [call] = callsTo(seen, REDIRECT);
    expect(bodyOf(call)).toEqual({ patNaviRedirectTypeEnum: "PATENT_LIST", keywords: "GaN" });
    expect(call.headers.get("Authorization")).toBe("Bearer at-1");
  });

  it("searches on Enter too", async () => {
    signInMember();
    const seen = stubNetwork(() => ok({ jumpUrl: "https://patnavi.example/list" }));
    showHome();
    const input = await screen.findByTestId("home-search-input");
    fireEvent.change(input, { target: { value: "光刻" } });
    fireEvent.keyDown(input, { key: "Enter", code: "Enter", keyCode: 13 });
    await waitFor(() => expect(callsTo(seen, REDIRECT)).toHaveLength(1));
  });

  it("not signed in: the login prompt instead of the call, and its confirm leads to the login page", async () => {
    const seen = stubNetwork(() => ok({ jumpUrl: "https://patnavi.example/list" }));
    const user = userEvent.setup({ delay: null });
    showHome();
    await user.type(await screen.findByTestId("home-search-input"), "芯片");
    await user.click(await screen.findByTestId("home-search-submit"));

    expect(await screen.findByTestId("login-prompt-hint")).toBeInTheDocument();
    expect(seen).toHaveLength(0);
    expect(open).not.toHaveBeenCalled();
    await user.click(screen.getByTestId("login-prompt-confirm"));
    expect(await screen.findByTestId("login-page-mark")).toBeInTheDocument();
    // The text waits for the user's return.
    expect(localStorage.getItem("searchInputVal")).toBe("芯片");
  });

  it("a certification under review opens the certification dialog, not a toast", async () => {
    signInMember();
    stubNetwork(() => refused(403, 40301, "企业认证审核中，审核通过后即可使用", { state: "reviewing" }));
    const user = userEvent.setup({ delay: null });
    showHome();
    await user.click(await screen.findByTestId("home-search-submit"));
    expect(await screen.findByTestId("certification-text")).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });

  it.each([
    ["none", "请先完成企业认证"],
    ["rejected", "企业认证未通过：营业执照不清晰"],
  ])("a refusal for another certification state (%s) shows its message", async (state, message) => {
    signInMember();
    stubNetwork(() => refused(403, 40301, message, { state }));
    const user = userEvent.setup({ delay: null });
    showHome();
    await user.click(await screen.findByTestId("home-search-submit"));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expect(screen.queryByTestId("certification-text")).not.toBeInTheDocument();
  });

  it("any other refusal shows the server's message", async () => {
    signInMember();
    stubNetwork(() => refused(500, 500, "专利导航服务暂不可用"));
    const user = userEvent.setup({ delay: null });
    showHome();
    await user.click(await screen.findByTestId("home-search-submit"));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("专利导航服务暂不可用"));
    expect(screen.queryByTestId("certification-text")).not.toBeInTheDocument();
  });
});

describe("patent navigation for a user without its menu code (SPEC 6)", () => {
  it("staff see neither the search nor the platform link, and no call is made", async () => {
    signIn("协会职员", [MenuCode.USER_CENTER, MenuCode.SERVICE_FILES]);
    const seen = stubNetwork(() => ok());
    showHome();
    expect(await screen.findByTestId("home-product-card")).toBeInTheDocument();
    expect(screen.queryByTestId("home-search-input")).not.toBeInTheDocument();
    expect(screen.queryByTestId("home-search-submit")).not.toBeInTheDocument();
    expect(screen.queryByTestId("home-platform-link")).not.toBeInTheDocument();
    expect(callsTo(seen, REDIRECT)).toHaveLength(0);
  });

  it("a visitor who is not signed in is still offered both", async () => {
    stubNetwork(() => ok());
    showHome();
    expect(await screen.findByTestId("home-search-input")).toBeInTheDocument();
    expect(await screen.findByTestId("home-platform-link")).toBeInTheDocument();
  });
});

describe("the platform link", () => {
  it("asks for the A4 hand-off and opens its jumpUrl", async () => {
    signInMember();
    const seen = stubNetwork(() => ok({ jumpUrl: "https://patnavi.example/platform" }));
    const user = userEvent.setup({ delay: null });
    showHome();
    await user.click(await screen.findByTestId("home-platform-link"));
    await waitFor(() => expect(open).toHaveBeenCalledWith("https://patnavi.example/platform", "_blank", "noopener"));
    expect(bodyOf(callsTo(seen, REDIRECT)[0])).toEqual({ code: "A4" });
  });

  it("not signed in: the login prompt", async () => {
    const seen = stubNetwork(() => ok());
    const user = userEvent.setup({ delay: null });
    showHome();
    await user.click(await screen.findByTestId("home-platform-link"));
    expect(await screen.findByTestId("login-prompt-hint")).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });
});

describe("the home cards", () => {
  it("form one balanced grid: the three features and the product, four to a row on a wide screen, two below", () => {
    stubNetwork(() => ok());
    showHome();
    const product = screen.getByTestId("home-product-card");
    const row = product.closest(".ant-row") as HTMLElement;
    const columns = Array.from(row.children);
    expect(columns).toHaveLength(4);
    expect(within(row).getByText("专利导航")).toBeInTheDocument();
    expect(within(row).getByText("敲门服务档案")).toBeInTheDocument();
    expect(within(row).getByText("企业认证")).toBeInTheDocument();
    for (const column of columns) {
      expect(column).toHaveClass("ant-col-xl-6", "ant-col-sm-12", "ant-col-xs-24");
    }
    expect(document.querySelectorAll(".ant-card")).toHaveLength(4);
  });
});

describe("the feature cards' links", () => {
  const linkOf = (key: string) => screen.getByTestId(`home-feature-${key}`).closest("a");

  it("lead a visitor to the features, whose pages ask for a sign-in", () => {
    stubNetwork(() => ok());
    showHome();
    expect(linkOf("serviceFiles")).toHaveAttribute("href", "/serviceFiles");
    expect(linkOf("certification")).toHaveAttribute("href", "/userCenter/accreditedInstitution");
  });

  it("lead a signed-in user only where the menu codes allow (SPEC 6); the cards stay as descriptions", async () => {
    stubNetwork(() => ok());
    signIn("李员", [MenuCode.SERVICE_FILES]);
    showHome();
    await waitFor(() => expect(linkOf("serviceFiles")).toHaveAttribute("href", "/serviceFiles"));
    expect(linkOf("certification")).toBeNull();
    expect(screen.getByText("企业认证")).toBeInTheDocument();
  });
});

describe("the home page's icons", () => {
  it("are hidden from screen readers, so buttons are named by their text alone", async () => {
    stubNetwork(() => ok());
    showHome();
    expect(screen.queryAllByRole("img")).toHaveLength(0);
    expect(await screen.findByTestId("home-search-submit")).toHaveAccessibleName("专利检索");
    expect(await screen.findByTestId("home-platform-link")).toHaveAccessibleName("进入专利导航平台");
  });
});

describe("the AI patent-management product", () => {
  it("not signed in: the contact-us dialog with the association's details, closed by Close", async () => {
    stubNetwork(() => ok());
    const user = userEvent.setup({ delay: null });
    showHome();
    const link = screen.getByTestId("home-product-link");
    expect(link).not.toHaveAttribute("href");
    await user.click(link);

    const dialog = await screen.findByTestId("contact-dialog");
    for (const text of [
      "协会知识产权服务部",
      site.associationName,
      site.contactPhone,
      site.contactAddress,
      site.contactEmail,
      site.associationUrl,
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    for (const label of ["联系人", "单位", "座机", "地址", "邮箱", "网址"]) {
      expect(within(dialog).getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByTestId("contact-dialog-close")).toHaveTextContent(/关\s?闭/);
    await user.click(screen.getByTestId("contact-dialog-close"));
    await waitFor(() => expect(screen.queryByTestId("contact-dialog")).not.toBeInTheDocument());
  });

  it("a fresh start without contact details: the dialog leaves those rows out instead of showing dashes", async () => {
    stubNetwork(() => ok());
    const user = userEvent.setup({ delay: null });
    renderPage("/", <HomePage />, undefined, { ...site, contactPhone: "", contactEmail: "", contactAddress: "" });
    await user.click(screen.getByTestId("home-product-link"));

    const dialog = await screen.findByTestId("contact-dialog");
    await waitFor(() => expect(within(dialog).getByText(site.associationName)).toBeInTheDocument());
    expect(within(dialog).getByText("协会知识产权服务部")).toBeInTheDocument();
    expect(within(dialog).getByText(site.associationUrl)).toBeInTheDocument();
    for (const label of ["座机", "地址", "邮箱"]) expect(within(dialog).queryByText(label)).not.toBeInTheDocument();
    expect(within(dialog).queryByText("--")).not.toBeInTheDocument();
  });

  it("signed in: a link to the product, through the association's site while the server names no product address", async () => {
    signInMember();
    stubNetwork(() => ok());
    showHome();
    await waitFor(() => expect(screen.getByTestId("home-product-link")).toHaveAttribute("href", site.associationUrl));
    expect(screen.getByTestId("home-product-link")).toHaveAttribute("target", "_blank");
    fireEvent.click(screen.getByTestId("home-product-link"));
    expect(screen.queryByTestId("contact-dialog")).not.toBeInTheDocument();
  });
});
