import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { InternalAxiosRequestConfig } from "axios";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import { isLoggedIn } from "../../../../providers/session/isLoggedIn";
import ServiceFilesPage from "../../../../resources/serviceRecords/ServiceFilesPage";
import ServiceRecordDetails from "../../../../resources/serviceRecords/ServiceRecordDetails";
import { Header } from "../../../../src/layout/Header";
import { LOCATION_MARK, renderInRefine, storeSession } from "../../access/refineHarness";
import { fakeNotifier, restoreNetwork, stubNetwork } from "../../providers/network";
import { archiveReply, COMP, ok, storedRecord } from "./archiveHarness";

const LOGOUT = "/uaa/identity/logout";
const ALL = [MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT];

afterEach(() => {
  restoreNetwork();
  vi.restoreAllMocks();
});

/** The archive calls, and the logout endpoint answering as the server does. */
function network() {
  return stubNetwork(archiveReply({ [LOGOUT]: ok() }));
}

const urls = (seen: InternalAxiosRequestConfig[]) => seen.map((c) => c.url);

/** The page under the app's header, as the layout shows it, with the login page to end up on. */
function renderWithHeader(path: string, page: JSX.Element) {
  renderInRefine(
    path,
    <>
      <Header />
      {page}
    </>,
    { "/login/index": <p>login page</p>, "/serviceFiles": <p>archive page</p> },
  );
}

/** 退出登录 from the header's user menu. */
async function logOut() {
  fireEvent.mouseEnter(await screen.findByTestId("header-user"));
  fireEvent.click(await screen.findByText("退出登录"));
}

async function typeAnswer() {
  fireEvent.click(await screen.findByTestId("archive-tab-IP"));
  await screen.findByTestId("answer-Q1");
  fireEvent.click(screen.getByTestId("question-edit"));
  fireEvent.change(screen.getByTestId("answer-Q1"), { target: { value: "11" } });
}

describe("logging out with unsaved work", () => {
  it("asks first, and Save saves the answers while still signed in, then signs out", async () => {
    storeSession(ALL);
    fakeNotifier();
    const seen = network();
    renderWithHeader(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    await typeAnswer();
    await logOut();
    fireEvent.click(await screen.findByTestId("unsaved-save"));
    expect(await screen.findByText("login page")).toBeInTheDocument();
    const order = urls(seen);
    expect(order).toContain("/api/archives/serviceAnswer");
    expect(order.indexOf("/api/archives/serviceAnswer")).toBeLessThan(order.indexOf(LOGOUT));
    // The save went out with the session's token, before the logout ended it.
    expect(seen.find((c) => c.url === "/api/archives/serviceAnswer")?.headers.Authorization).toMatch(/at-1$/);
    expect(isLoggedIn()).toBe(false);
    expect(screen.queryByTestId("unsaved-save")).toBeNull();
  });

  it("Stay keeps the user signed in with the typed answer; Don't save signs out without saving", async () => {
    storeSession(ALL);
    const seen = network();
    renderWithHeader(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    await typeAnswer();
    await logOut();
    fireEvent.click(await screen.findByTestId("unsaved-stay"));
    await waitFor(() => expect(screen.queryByTestId("unsaved-stay")).toBeNull());
    expect(screen.getByTestId("answer-Q1")).toHaveValue("11");
    expect(urls(seen)).not.toContain(LOGOUT);
    expect(isLoggedIn()).toBe(true);
    expect(screen.getByTestId(LOCATION_MARK)).toHaveTextContent(`/serviceFiles?id=${COMP}`);

    await logOut();
    fireEvent.click(await screen.findByTestId("unsaved-discard"));
    expect(await screen.findByText("login page")).toBeInTheDocument();
    expect(urls(seen)).toContain(LOGOUT);
    expect(urls(seen)).not.toContain("/api/archives/serviceAnswer");
  });

  it("signs out without asking when nothing is unsaved", async () => {
    storeSession(ALL);
    const seen = network();
    renderWithHeader(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    await screen.findByTestId("archive-tab-IP");
    await logOut();
    expect(await screen.findByText("login page")).toBeInTheDocument();
    expect(urls(seen)).toContain(LOGOUT);
    expect(screen.queryByTestId("unsaved-save")).toBeNull();
  });

  it("asks on the visit form too: Save saves the record, then signs out instead of going back to the archive", async () => {
    storeSession(ALL);
    fakeNotifier();
    const record = storedRecord;
    const seen = stubNetwork(archiveReply({ [LOGOUT]: ok(), "/api/archives/queryById/31": ok(record) }));
    renderWithHeader(`/serviceFilesDetails?compId=${COMP}&id=31`, <ServiceRecordDetails />);
    await waitFor(() => expect(screen.getByTestId("form-cooperativePartner")).toHaveValue("伙伴"));
    fireEvent.change(screen.getByTestId("form-cooperativePartner"), { target: { value: "新伙伴" } });
    await logOut();
    expect(await screen.findByText("当前表单有未保存的内容，是否保存？")).toBeInTheDocument();
    fireEvent.click(screen.getByTestId("unsaved-save"));
    expect(await screen.findByText("login page")).toBeInTheDocument();
    const order = urls(seen);
    expect(order.indexOf("/api/archives/releaseArchives")).toBeGreaterThan(-1);
    expect(order.indexOf("/api/archives/releaseArchives")).toBeLessThan(order.indexOf(LOGOUT));
    expect(screen.queryByText("archive page")).toBeNull();
  });
});
