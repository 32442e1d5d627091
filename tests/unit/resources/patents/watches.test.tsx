import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { InternalAxiosRequestConfig } from "axios";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import { watchesOffered } from "../../../../resources/patents/PatentDetailDrawer";
import PatentWatchesPage from "../../../../resources/patents/PatentWatchesPage";
import { patentSearchHref } from "../../../../resources/patents/searchLinks";
import { SaveWatchButton } from "../../../../resources/patents/SaveWatchButton";
import HeaderAlerts, { notificationLink } from "../../../../src/layout/HeaderAlerts";
import { LOCATION_MARK, renderInRefine, storeSession } from "../../access/refineHarness";
import { popconfirmOk } from "../../pages/userManage/harness";
import { restoreNetwork, stubNetwork, type Answer } from "../../providers/network";

const ok = (result: unknown): Answer => ({ data: { code: 200, message: "success", result } });

let watches = [
  { id: 7, kind: "search", name: "光刻胶", model: { q: "光刻胶", patentType: "invention", applyDateBegin: "2020-01-01" }, createdAt: "2026-03-01 10:00:00" },
  { id: 6, kind: "applicant", name: "无锡芯源微电子有限公司", model: { applicant: "无锡芯源微电子有限公司" }, createdAt: "2026-02-01 10:00:00" },
];

function reply(config: InternalAxiosRequestConfig): Answer {
  if (config.url === "/api/patents/watches" && config.method === "get") return ok({ records: watches, max: 50 });
  if (config.url === "/api/patents/watches" && config.method === "post") {
    const body = JSON.parse(config.data as string) as { kind: string; name: string; model?: object; applicant?: string; ipc?: string };
    return ok({ id: 9, kind: body.kind, name: body.name, model: body.model ?? { applicant: body.applicant, ipc: body.ipc }, createdAt: "2026-03-02 10:00:00" });
  }
  if (config.url?.startsWith("/api/patents/watches/") && config.method === "delete") {
    const id = Number(config.url.split("/").at(-1));
    watches = watches.filter((watch) => watch.id !== id);
    return ok(null);
  }
  return { status: 404, data: { code: 404, message: "not found" } };
}

afterEach(() => restoreNetwork());

describe("patent watches", () => {
  it("offers a patent's applicants and its main IPC group as watches", () => {
    expect(watchesOffered({ applicants: ["甲公司", "乙大学"], mainIpc: "H01L 21/56", ipc: ["H01L21/56", "H01L23/31"] })).toEqual([
      { kind: "applicant", name: "甲公司", applicant: "甲公司" },
      { kind: "applicant", name: "乙大学", applicant: "乙大学" },
      { kind: "ipc", name: "H01L21", ipc: "H01L21" },
    ]);
    // Without a main code the first code's group; a bare subclass is too broad to offer.
    expect(watchesOffered({ applicants: [], mainIpc: null, ipc: ["G03F7/20"] })).toEqual([{ kind: "ipc", name: "G03F7", ipc: "G03F7" }]);
    expect(watchesOffered({ applicants: [], mainIpc: "H01L", ipc: [] })).toEqual([]);
  });

  it("lists the user's watches with their conditions, opens a watch's search and deletes one", async () => {
    storeSession([MenuCode.PATENT_SEARCH]);
    const seen = stubNetwork(reply);
    renderInRefine("/patents/watches", <PatentWatchesPage />);
    const table = await screen.findByTestId("patent-watches");
    await within(table).findByText("光刻胶");
    expect(screen.getByTestId("patent-watches-count")).toHaveTextContent("已关注 2 个，最多 50 个");
    const [first, second] = within(table).getAllByRole("row").slice(1);
    expect(first).toHaveTextContent("关键词：光刻胶；专利类型：发明");
    expect(first).toHaveTextContent("2020-01-01 至 …");
    expect(second).toHaveTextContent("无锡芯源微电子有限公司申请人申请人：无锡芯源微电子有限公司");
    expect(screen.getByTestId("patent-watch-search-7")).toHaveAttribute("href", patentSearchHref("/patents", watches[0].model));

    fireEvent.click(screen.getByTestId("patent-watch-delete-6"));
    fireEvent.click(await popconfirmOk());
    await waitFor(() => expect(within(table).queryByText("无锡芯源微电子有限公司")).toBeNull());
    expect(seen.some((c) => c.method === "delete" && c.url === "/api/patents/watches/6")).toBe(true);
    expect(await screen.findByText("已删除关注：无锡芯源微电子有限公司")).toBeInTheDocument();
  });

  it("saves the list's search as a watch under the name the user gives, and only a search with conditions", async () => {
    storeSession([MenuCode.PATENT_SEARCH]);
    const seen = stubNetwork(reply);
    const { unmount } = render(<SaveWatchButton filters={[]} />);
    expect(screen.getByTestId("patent-watch-save")).toBeDisabled();
    unmount();

    renderInRefine("/patents", <SaveWatchButton filters={[{ field: "q", operator: "eq", value: "晶圆 键合" }, { field: "segment", operator: "eq", value: "packagingTest" }]} />);
    fireEvent.click(await screen.findByTestId("patent-watch-save"));
    const name = await screen.findByTestId("patent-watch-name");
    expect(name).toHaveValue("晶圆 键合");
    fireEvent.change(name, { target: { value: "键合封装" } });
    fireEvent.click(screen.getByTestId("patent-watch-save-ok"));
    expect(await screen.findByText("已添加关注：键合封装")).toBeInTheDocument();
    const posted = seen.filter((c) => c.method === "post" && c.url === "/api/patents/watches").map((c) => JSON.parse(c.data as string) as unknown);
    expect(posted).toEqual([{ kind: "search", name: "键合封装", model: { q: "晶圆 键合", segment: "packagingTest" } }]);
  });

  it("links a watch's notice to the patent, and a summary to the watch's search", () => {
    expect(notificationLink({ kind: "patentWatchMatch", params: { patentId: 42, watch: "光刻胶", number: "CN1A", title: "光刻胶" } })).toBe("/patents?patent=42");
    expect(notificationLink({ kind: "patentWatchSummary", params: { watch: "光刻胶", count: 3, model: JSON.stringify({ q: "光刻胶" }) } })).toBe(
      patentSearchHref("/patents", { q: "光刻胶" }),
    );
    expect(notificationLink({ kind: "followupDigest", params: { overdue: 1, today: 0 } })).toBe("/followups");
  });

  it("shows the bell without the follow-up badge to a user who only searches patents, and opens a notice's patent", async () => {
    storeSession([MenuCode.PATENT_SEARCH]);
    const notices = [
      { id: 3, kind: "patentWatchMatch", params: { watchId: 7, watch: "光刻胶", patentId: 42, number: "CN100000042A", title: "一种光刻胶组合物" }, day: "2026-03-10", createdAt: "2026-03-10 09:00:00", readAt: null },
    ];
    stubNetwork((config) => {
      if (config.url === "/api/notifications") return ok({ records: notices, unread: 1 });
      if (config.url === "/api/notifications/read") return ok({ unread: 0 });
      return { status: 404, data: { code: 404, message: "not found" } };
    });
    const router = createMemoryRouter(
      [
        { path: "/", element: <HeaderAlerts /> },
        { path: "/patents", element: <p data-testid={LOCATION_MARK}>patents</p> },
      ],
      { initialEntries: ["/"] },
    );
    render(<RouterProvider router={router} />);
    const bell = await screen.findByTestId("notification-bell");
    await act(async () => undefined);
    expect(screen.queryByTestId("followup-badge")).toBeNull();
    fireEvent.click(bell);
    fireEvent.click(await screen.findByText("关注“光刻胶”有新专利：CN100000042A 一种光刻胶组合物"));
    await screen.findByText("patents");
    expect(router.state.location.search).toBe("?patent=42");
  });
});
