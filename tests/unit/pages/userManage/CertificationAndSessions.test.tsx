import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import type { ActiveSession } from "../../../../contract/users";
import { setToaster } from "../../../../providers/notificationProvider";
import type { CertificationReview } from "../../../../src/pages/userCenter/userManage/types";
import { fakeNotifier, restoreNetwork, stubNetwork, type Answer } from "../../providers/network";
import { bodyOf, callsTo, ok, refused, signIn } from "../pageHarness";
import { page } from "./fixtures";
import { grant, popconfirmOk, renderUserManage } from "./harness";

let toast: ReturnType<typeof fakeNotifier>;

beforeEach(() => {
  toast = fakeNotifier();
  signIn();
  grant(MenuCode.ADMIN_CERTIFICATIONS, MenuCode.ADMIN_SESSIONS);
});

afterEach(() => {
  restoreNetwork();
  setToaster(null);
});

const application: CertificationReview = {
  id: 5,
  userId: 21,
  username: "chipco",
  name: "李工",
  companyName: "成都芯片科技有限公司",
  creditCode: "91510100MA61R0XY74",
  contactPerson: "李工",
  contactPhone: "13800138000",
  licenseFileId: "lic-1",
  state: "submitted",
  rejectReason: null,
  createdAt: "2025-03-01 10:00:00",
  reviewedAt: null,
};

const session: ActiveSession = {
  id: 31,
  userId: 11,
  username: "zhangsan",
  name: "张三",
  ip: "10.0.0.8",
  browser: "Chrome 126 / Windows",
  userAgent: "Mozilla/5.0",
  signInDate: "2025-03-05 09:00:00",
  lastCallDate: "2025-03-05 09:30:00",
};

function server(writes: Record<string, Answer> = {}) {
  return stubNetwork((config: InternalAxiosRequestConfig) => {
    const url = config.url ?? "";
    if (url in writes) return writes[url];
    if (url === "/api/certification/list") return page([application]);
    if (url === "/api/certification/5") return ok({ ...application, state: "reviewing" });
    if (url === "/api/session/list") return page([session]);
    return refused(404, 404, `unexpected ${url}`);
  });
}

const typist = () => userEvent.setup({ delay: null });

async function openApplication(user: ReturnType<typeof typist>) {
  const table = await screen.findByTestId("certification-table");
  await user.click(await within(table).findByTestId("certification-open-5"));
  return screen.findByTestId("certification-review");
}

describe("certification review", () => {
  it("opens an application (GET /api/certification/:id) with its licence, and approves it after a confirmation", async () => {
    const seen = server({ "/api/certification/approve": ok({ ...application, state: "approved" }, 1) });
    const user = typist();
    renderUserManage();
    const review = await openApplication(user);
    expect(callsTo(seen, "/api/certification/5")[0].method).toBe("get");
    expect(within(review).getByText("审核中")).toBeInTheDocument();
    expect(within(review).getByRole("img")).toHaveAttribute("src", "/api/open/download/lic-1");

    await user.click(screen.getByTestId("certification-approve"));
    await user.click(await popconfirmOk());
    await waitFor(() => expect(callsTo(seen, "/api/certification/approve")).toHaveLength(1));
    expect(bodyOf(callsTo(seen, "/api/certification/approve")[0])).toEqual({ id: 5 });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("已通过认证"));
  });

  it("rejects only with a reason, which is sent", async () => {
    const seen = server({ "/api/certification/reject": ok({ ...application, state: "rejected" }, 1) });
    const user = typist();
    renderUserManage();
    await openApplication(user);
    await user.click(screen.getByTestId("certification-reject"));
    expect(await screen.findByText("请填写驳回原因")).toBeInTheDocument();
    expect(callsTo(seen, "/api/certification/reject")).toHaveLength(0);

    await user.type(screen.getByTestId("certification-reject-reason"), "营业执照不清晰");
    await user.click(screen.getByTestId("certification-reject"));
    await waitFor(() => expect(callsTo(seen, "/api/certification/reject")).toHaveLength(1));
    expect(bodyOf(callsTo(seen, "/api/certification/reject")[0])).toEqual({ id: 5, reason: "营业执照不清晰" });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("已驳回认证"));
  });

  it("closes with 取消, and the next opening has no reason typed", async () => {
    const seen = server();
    const user = typist();
    renderUserManage();
    await openApplication(user);
    await user.type(screen.getByTestId("certification-reject-reason"), "营业执照不清晰");
    await user.click(screen.getByRole("button", { name: /^取\s?消$/ }));
    await waitFor(() => expect(screen.queryByTestId("certification-review")).not.toBeInTheDocument());

    await openApplication(user);
    expect(screen.getByTestId("certification-reject-reason")).toHaveValue("");
    expect(callsTo(seen, "/api/certification/reject")).toHaveLength(0);
  });

  it("filters by state", async () => {
    const seen = server();
    renderUserManage();
    await screen.findByTestId("certification-table");
    const selector = screen.getByTestId("certification-filter-state").querySelector(".ant-select-selector")!;
    fireEvent.mouseDown(selector);
    fireEvent.click(await screen.findByTitle("已通过"));
    await waitFor(() =>
      expect(bodyOf(callsTo(seen, "/api/certification/list").at(-1)!)).toMatchObject({ model: { state: "approved" } }),
    );
  });
});

describe("sessions", () => {
  it("lists the active sessions and ends one after a confirmation", async () => {
    const seen = server({ "/api/session/end": ok(null, 1) });
    const user = typist();
    renderUserManage("?tab=sessions");
    const table = await screen.findByTestId("session-table");
    expect(await within(table).findByText("10.0.0.8")).toBeInTheDocument();
    expect(within(table).getByText("Chrome 126 / Windows")).toBeInTheDocument();
    expect(within(table).getByText("2025-03-05 09:30:00")).toBeInTheDocument();

    await user.click(within(table).getByTestId("session-end-31"));
    expect(callsTo(seen, "/api/session/end")).toHaveLength(0);
    await user.click(await popconfirmOk());
    await waitFor(() => expect(callsTo(seen, "/api/session/end")).toHaveLength(1));
    expect(callsTo(seen, "/api/session/end")[0].method).toBe("post");
    expect(bodyOf(callsTo(seen, "/api/session/end")[0])).toEqual({ id: 31 });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("会话已结束"));
  });

  it("searches by username", async () => {
    const seen = server();
    const user = typist();
    renderUserManage("?tab=sessions");
    await screen.findByTestId("session-table");
    await user.type(screen.getByTestId("session-filter-username"), "zhang{Enter}");
    await waitFor(() =>
      expect(bodyOf(callsTo(seen, "/api/session/list").at(-1)!)).toMatchObject({ model: { username: "zhang" } }),
    );
  });
});
