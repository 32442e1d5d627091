import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { InternalAxiosRequestConfig } from "axios";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import FollowupList from "../../../../resources/followups/FollowupList";
import { onFollowupsChanged } from "../../../../resources/followups/followupCalls";
import { LOCATION_MARK, renderInRefine, storeSession } from "../../access/refineHarness";
import { fakeNotifier, restoreNetwork, stubNetwork, type Answer } from "../../providers/network";

const rows = [
  {
    recordId: 31,
    compId: 3,
    companyName: "芯逾期科技",
    nextFollowTime: "2026-03-09 15:00:00",
    state: "overdue",
    source: "visit",
    ruleDays: null,
    researchers: "张三",
    lastServiceTime: "2026-03-01 10:00:00",
  },
  {
    recordId: null,
    compId: 4,
    companyName: "从未走访半导体",
    nextFollowTime: "2026-03-10 09:00:00",
    state: "today",
    source: "rule",
    ruleDays: 30,
    researchers: null,
    lastServiceTime: null,
  },
];

const ok = (result: unknown): Answer => ({ data: { code: 200, message: "success", result } });

function reply(config: InternalAxiosRequestConfig): Answer {
  if (config.url === "/api/followups/listData") {
    const { model } = JSON.parse(config.data as string) as { model: { due?: string } };
    const shown = model.due === "overdue" ? rows.slice(0, 1) : rows;
    return ok({ records: shown, total: shown.length, current: 1, size: 10 });
  }
  if (config.url === "/api/followups/summary") return ok({ overdue: 1, today: 1, week: 1 });
  if (config.url === "/api/followups/close") return ok(null);
  return { status: 404, data: { code: 404, message: "not found" } };
}

const bodies = (seen: InternalAxiosRequestConfig[], url: string) => seen.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string) as Record<string, unknown>);

afterEach(() => {
  restoreNetwork();
  vi.restoreAllMocks();
});

describe("我的待跟进 (/followups)", () => {
  it("lists the follow-ups, most overdue first, with their state, source and last visit", async () => {
    storeSession([MenuCode.FOLLOWUPS, MenuCode.SERVICE_FILES]);
    const seen = stubNetwork(reply);
    renderInRefine("/followups", <FollowupList />);
    const table = await screen.findByTestId("followup-table");
    await within(table).findByText("芯逾期科技");
    const [first, second] = within(table).getAllByRole("row").slice(1);
    expect(first).toHaveTextContent("1芯逾期科技2026-03-09 15:00:00已逾期走访约定的下次跟进张三2026-03-01 10:00:00");
    expect(second).toHaveTextContent("2从未走访半导体2026-03-10 09:00:00今天超过 30 天未走访—从未走访");
    expect(bodies(seen, "/api/followups/listData")[0]).toMatchObject({ current: 1, size: 10, model: { due: "all" } });
    // The filters carry the summary's counts.
    expect(await screen.findByText("已逾期 (1)")).toBeInTheDocument();
    expect(screen.getByText("7 天内 (1)")).toBeInTheDocument();
  });

  it("filters by when they fall due, keeping the filter in the address", async () => {
    storeSession([MenuCode.FOLLOWUPS]);
    const seen = stubNetwork(reply);
    renderInRefine("/followups", <FollowupList />);
    await screen.findByText("从未走访半导体");
    fireEvent.click(await screen.findByText("已逾期 (1)"));
    await waitFor(() => expect(screen.queryByText("从未走访半导体")).toBeNull());
    expect(bodies(seen, "/api/followups/listData").at(-1)).toMatchObject({ model: { due: "overdue" } });
    expect(screen.getByTestId(LOCATION_MARK).textContent).toContain("value]=overdue");
  });

  it("closes a follow-up with a note, then lists and counts again and tells the header", async () => {
    storeSession([MenuCode.FOLLOWUPS]);
    const toasts = fakeNotifier();
    const seen = stubNetwork(reply);
    const changed = vi.fn();
    const off = onFollowupsChanged(changed);
    renderInRefine("/followups", <FollowupList />);
    await screen.findByText("芯逾期科技");
    fireEvent.click(screen.getByTestId("followup-close-3"));
    const submit = await screen.findByTestId("followup-close-submit");
    // The note is required.
    fireEvent.click(submit);
    expect(await screen.findByText("请填写关闭说明")).toBeInTheDocument();
    expect(bodies(seen, "/api/followups/close")).toEqual([]);
    fireEvent.change(screen.getByTestId("followup-close-note"), { target: { value: "  电话已沟通  " } });
    const listsBefore = bodies(seen, "/api/followups/listData").length;
    fireEvent.click(submit);
    await waitFor(() => expect(bodies(seen, "/api/followups/close")).toEqual([{ compId: 3, recordId: 31, note: "电话已沟通" }]));
    await waitFor(() => expect(changed).toHaveBeenCalled());
    expect(toasts.success).toHaveBeenCalledWith("已关闭该待跟进事项");
    await waitFor(() => expect(bodies(seen, "/api/followups/listData").length).toBeGreaterThan(listsBefore));
    off();
  });

  it("opens the visit form for the company to record the follow-up visit", async () => {
    storeSession([MenuCode.FOLLOWUPS]);
    stubNetwork(reply);
    renderInRefine("/followups", <FollowupList />, { "/serviceFilesDetails": <p>visit form</p> });
    await screen.findByText("芯逾期科技");
    fireEvent.click(screen.getByTestId("followup-record-3"));
    await screen.findByText("visit form");
    expect(screen.getByTestId(LOCATION_MARK).textContent).toBe("/serviceFilesDetails?compId=3");
  });
});
