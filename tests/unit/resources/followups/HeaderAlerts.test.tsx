import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { InternalAxiosRequestConfig } from "axios";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FOLLOWUP_BADGE_REFRESH_MS } from "../../../../contract/followups";
import { MenuCode } from "../../../../contract/menus";
import { followupsChanged } from "../../../../resources/followups/followupCalls";
import HeaderAlerts, { holdsMenu } from "../../../../src/layout/HeaderAlerts";
import { storeSession } from "../../access/refineHarness";
import { restoreNetwork, stubNetwork, type Answer } from "../../providers/network";

const ok = (result: unknown): Answer => ({ data: { code: 200, message: "success", result } });

let summary = { overdue: 2, today: 1, week: 4 };
const notifications = [
  { id: 8, kind: "followupDigest", params: { overdue: 2, today: 1 }, day: "2026-03-10", createdAt: "2026-03-10 08:30:00", readAt: null },
  { id: 5, kind: "followupDigest", params: { overdue: 1, today: 0 }, day: "2026-03-09", createdAt: "2026-03-09 08:30:00", readAt: "2026-03-09 09:00:00" },
];

function reply(config: InternalAxiosRequestConfig): Answer {
  if (config.url === "/api/followups/summary") return ok(summary);
  if (config.url === "/api/notifications") return ok({ records: notifications, unread: notifications.filter((n) => n.readAt === null).length });
  if (config.url === "/api/notifications/read") {
    const { ids } = JSON.parse(config.data as string) as { ids: number[] };
    for (const n of notifications) if (ids.includes(n.id)) n.readAt = "2026-03-10 09:00:00";
    return ok({ unread: notifications.filter((n) => n.readAt === null).length });
  }
  return { status: 404, data: { code: 404, message: "not found" } };
}

function renderAlerts() {
  const router = createMemoryRouter(
    [
      { path: "/", element: <HeaderAlerts /> },
      { path: "/followups", element: <><HeaderAlerts /><p>follow-up page</p></> },
    ],
    { initialEntries: ["/"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const calls = (seen: InternalAxiosRequestConfig[], url: string) => seen.filter((c) => c.url === url).length;

afterEach(() => {
  restoreNetwork();
  vi.useRealTimers();
});

describe("the header's follow-up badge and notification bell", () => {
  it("reads the menu codes stored at sign-in", () => {
    expect(holdsMenu(JSON.stringify([{ menuCode: MenuCode.FOLLOWUPS }]), MenuCode.FOLLOWUPS)).toBe(true);
    expect(holdsMenu(JSON.stringify([{ menuCode: MenuCode.SERVICE_FILES }]), MenuCode.FOLLOWUPS)).toBe(false);
    expect(holdsMenu("not json", MenuCode.FOLLOWUPS)).toBe(false);
    expect(holdsMenu(null, MenuCode.FOLLOWUPS)).toBe(false);
  });

  it("shows nothing and asks nothing without the follow-up menu", async () => {
    storeSession([MenuCode.SERVICE_FILES]);
    const seen = stubNetwork(reply);
    renderAlerts();
    await act(async () => undefined);
    expect(screen.queryByTestId("followup-badge")).toBeNull();
    expect(screen.queryByTestId("notification-bell")).toBeNull();
    expect(seen).toEqual([]);
  });

  it("counts the overdue and today's follow-ups, links to the page and counts again when told", async () => {
    summary = { overdue: 2, today: 1, week: 4 };
    storeSession([MenuCode.FOLLOWUPS]);
    const seen = stubNetwork(reply);
    renderAlerts();
    const badge = await screen.findByTestId("followup-badge");
    await waitFor(() => expect(badge).toHaveAttribute("aria-label", "我的待跟进：已逾期和今天共 3 项"));
    expect(badge).toHaveTextContent("3");
    expect(badge).toHaveAttribute("href", "/followups");
    summary = { overdue: 0, today: 1, week: 1 };
    act(() => followupsChanged());
    await waitFor(() => expect(badge).toHaveAttribute("aria-label", "我的待跟进：已逾期和今天共 1 项"));
    // Following the link is a navigation: the count is asked again.
    const before = calls(seen, "/api/followups/summary");
    fireEvent.click(badge);
    await screen.findByText("follow-up page");
    await waitFor(() => expect(calls(seen, "/api/followups/summary")).toBeGreaterThan(before));
  });

  it("asks again every five minutes and when the window regains focus", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    storeSession([MenuCode.FOLLOWUPS]);
    const seen = stubNetwork(reply);
    renderAlerts();
    summary = { overdue: 1, today: 0, week: 0 };
    const badge = await screen.findByTestId("followup-badge");
    await waitFor(() => expect(badge).toHaveTextContent("1"));
    expect(calls(seen, "/api/followups/summary")).toBe(1);
    // Each answer changes the count, so that the page changes when it comes.
    summary = { overdue: 5, today: 0, week: 0 };
    act(() => vi.advanceTimersByTime(FOLLOWUP_BADGE_REFRESH_MS));
    await waitFor(() => expect(badge).toHaveTextContent("5"));
    expect(calls(seen, "/api/followups/summary")).toBe(2);
    summary = { overdue: 6, today: 0, week: 0 };
    act(() => {
      window.dispatchEvent(new Event("focus"));
    });
    await waitFor(() => expect(badge).toHaveTextContent("6"));
    expect(calls(seen, "/api/followups/summary")).toBe(3);
  });

  it("lists the notifications in the bell and marks them read", async () => {
    storeSession([MenuCode.FOLLOWUPS]);
    const seen = stubNetwork(reply);
    renderAlerts();
    const bell = await screen.findByTestId("notification-bell");
    await waitFor(() => expect(bell).toHaveAttribute("aria-label", "通知，1 条未读"));
    fireEvent.click(bell);
    expect(await screen.findByText("今日待跟进：已逾期 2 项，今天到期 1 项")).toBeInTheDocument();
    expect(screen.getByText("今日待跟进：已逾期 1 项，今天到期 0 项")).toBeInTheDocument();
    fireEvent.click(screen.getByTestId("notification-read-all"));
    await waitFor(() => expect(bell).toHaveAttribute("aria-label", "通知"));
    const read = seen.filter((c) => c.url === "/api/notifications/read").map((c) => JSON.parse(c.data as string) as unknown);
    expect(read).toEqual([{ ids: [8] }]);
  });
});
