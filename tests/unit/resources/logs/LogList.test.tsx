import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { InternalAxiosRequestConfig } from "axios";
import dayjs from "dayjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LogAction } from "../../../../contract/logActions";
import { MenuCode } from "../../../../contract/menus";
import { filtersFromValues } from "../../../../resources/logs/logFilters";
import { fileNameOf } from "../../../../providers/download";
import LogList from "../../../../resources/logs/LogList";
import { logActionLabel } from "../../../../resources/logs/logRow";
import { I18nContext } from "../../../../src/i18n/I18nContext";
import { translator } from "../../../../i18n/translate";
import { LOCATION_MARK, renderInRefine, storeSession } from "../../access/refineHarness";
import { fakeNotifier, restoreNetwork, stubNetwork, type Answer } from "../../providers/network";

const rows = [
  { id: 11, logAction: "登录系统", remoteAddr: "10.0.0.1", lastModifiedDate: "2024-05-01 09:00:00", logType: 1, exceptionType: 0, userName: "admin" },
  { id: 12, logAction: "编辑用户", remoteAddr: "10.0.0.2", lastModifiedDate: "2024-05-02 10:00:00", logType: 2, exceptionType: 1, userName: "staff" },
];

const detail = {
  ...rows[1],
  userId: 5,
  method: "POST",
  path: "/api/user/edit",
  params: '{"id":3}',
  durationMs: 42,
  errorMessage: "名称重复",
};

const listAnswer: Answer = { data: { code: 200, message: "ok", result: { records: rows, total: 2, current: 1, size: 10 } } };

function reply(config: InternalAxiosRequestConfig): Answer {
  if (config.url === "/api/logs/listData") return listAnswer;
  if (config.url === "/api/logs/12") return { data: { code: 200, message: "ok", result: detail } };
  if (config.url === "/api/logs/export") {
    return {
      data: new Blob(["xlsx"], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }),
      headers: {
        "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "content-disposition": "attachment; filename=\"logs.xlsx\"; filename*=UTF-8''%E6%93%8D%E4%BD%9C%E6%97%A5%E5%BF%97.xlsx",
      },
    };
  }
  return { status: 404, data: { code: 404, message: "not found" } };
}

const listModels = (seen: InternalAxiosRequestConfig[]) =>
  seen.filter((c) => c.url === "/api/logs/listData").map((c) => JSON.parse(c.data as string) as { size: number; model: unknown });

afterEach(() => {
  restoreNetwork();
  vi.restoreAllMocks();
});

describe("the log list (/logs)", () => {
  it("shows the SPEC columns with the log type and status texts, 10 rows a page", async () => {
    storeSession([MenuCode.ADMIN_LOGS]);
    const seen = stubNetwork(reply);
    renderInRefine("/logs", <LogList />);
    const table = await screen.findByTestId("log-table");
    await within(table).findByText("登录系统");
    for (const header of ["序号", "操作", "操作IP", "操作时间", "日志类型", "状态", "操作人"]) {
      expect(within(table).getAllByText(header).length).toBeGreaterThan(0);
    }
    const [first, second] = within(table).getAllByRole("row").slice(1);
    expect(first).toHaveTextContent("1登录系统10.0.0.12024-05-01 09:00:00登录正常admin");
    expect(second).toHaveTextContent("2编辑用户10.0.0.22024-05-02 10:00:00操作异常staff");
    expect(listModels(seen)[0]).toMatchObject({ current: 1, size: 10, model: {} });
  });

  it("cuts a long action with CSS and keeps the whole of it in the cell's hover title", async () => {
    storeSession([MenuCode.ADMIN_LOGS]);
    const long = "批量导入企业并更新其联系人、所属区域和产业环节的全部资料";
    stubNetwork((config) =>
      config.url === "/api/logs/listData"
        ? { data: { code: 200, message: "ok", result: { records: [{ ...rows[0], logAction: long }], total: 1, current: 1, size: 10 } } }
        : reply(config),
    );
    renderInRefine("/logs", <LogList />);
    const table = await screen.findByTestId("log-table");
    const cell = await within(table).findByTitle(long);
    expect(cell).toHaveTextContent(long);
    // No per-cell tooltip machinery: the measuring ellipsis made 1,000 rows take 45 s.
    expect(table.querySelector(".ant-typography")).toBeNull();
  });

  it("puts the searched filters in the request model and in the URL", async () => {
    storeSession([MenuCode.ADMIN_LOGS]);
    const seen = stubNetwork(reply);
    renderInRefine("/logs", <LogList />);
    await screen.findByText("登录系统");

    fireEvent.change(screen.getByTestId("log-filter-action"), { target: { value: "编辑" } });
    fireEvent.change(screen.getByTestId("log-filter-operator"), { target: { value: "staff" } });
    fireEvent.click(screen.getByTestId("log-filter-submit"));

    await waitFor(() => expect(listModels(seen).at(-1)?.model).toEqual({ userName: "staff", logAction: "编辑" }));
    await waitFor(() => {
      const url = screen.getByTestId(LOCATION_MARK).textContent ?? "";
      expect(url).toContain("[field]=userName");
      expect(url).toContain("[value]=staff");
      expect(url).toContain("[field]=logAction");
      expect(url).toContain("[value]=编辑");
    });
  });

  it("restores type, status and date range from the URL, sends the codes as numbers and the range as Begin/End", async () => {
    storeSession([MenuCode.ADMIN_LOGS]);
    const seen = stubNetwork(reply);
    const query = [
      "filters[0][field]=logType&filters[0][operator]=eq&filters[0][value]=1",
      "filters[1][field]=exceptionType&filters[1][operator]=eq&filters[1][value]=1",
      "filters[2][field]=lastModifiedDate&filters[2][operator]=between&filters[2][value][0]=2024-05-01&filters[2][value][1]=2024-05-31",
    ].join("&");
    renderInRefine(`/logs?${query}`, <LogList />);
    await screen.findByText("登录系统");

    // The address holds text; the server takes the codes as JSON numbers only.
    expect(listModels(seen)[0].model).toMatchObject({
      logType: 1,
      exceptionType: 1,
      lastModifiedDateBegin: "2024-05-01",
      lastModifiedDateEnd: "2024-05-31",
    });
    const range = screen.getAllByTestId("log-filter-date").map((input) => (input as HTMLInputElement).value);
    expect(range).toEqual(["2024-05-01", "2024-05-31"]);
  });

  it("turns the form's values into filters, a picked range into a between pair", () => {
    const filters = filtersFromValues({
      logType: "2",
      exceptionType: "",
      userName: "  ",
      logAction: "导出",
      dateRange: [dayjs("2024-06-01"), dayjs("2024-06-30")],
    });
    expect(filters).toEqual([
      { field: "logType", operator: "eq", value: 2 },
      { field: "exceptionType", operator: "eq", value: undefined },
      { field: "userName", operator: "contains", value: undefined },
      { field: "logAction", operator: "contains", value: "导出" },
      { field: "lastModifiedDate", operator: "between", value: ["2024-06-01", "2024-06-30"] },
    ]);
  });

  it("opens a drawer with every field of the log", async () => {
    storeSession([MenuCode.ADMIN_LOGS]);
    stubNetwork(reply);
    renderInRefine("/logs", <LogList />);
    await screen.findByText("编辑用户");
    fireEvent.click(screen.getByTestId("log-detail-open-12"));

    const drawer = await screen.findByTestId("log-detail");
    await within(drawer).findByText("/api/user/edit");
    for (const text of ["12", "编辑用户", "10.0.0.2", "2024-05-02 10:00:00", "操作", "异常", "staff", "5", "POST", '{"id":3}', "42", "名称重复"]) {
      expect(within(drawer).getAllByText(text).length).toBeGreaterThan(0);
    }
  });

  it("exports the filtered rows as a downloaded .xlsx", async () => {
    storeSession([MenuCode.ADMIN_LOGS]);
    const seen = stubNetwork(reply);
    const createObjectURL = vi.fn(() => "blob:logs");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderInRefine("/logs?filters[0][field]=logAction&filters[0][operator]=contains&filters[0][value]=登录", <LogList />);
    await screen.findByText("登录系统");

    await act(async () => fireEvent.click(screen.getByTestId("log-export")));
    await waitFor(() => expect(clicked).toHaveLength(1));

    const call = seen.find((c) => c.url === "/api/logs/export")!;
    expect(call.responseType).toBe("blob");
    expect(JSON.parse(call.data as string)).toEqual({ model: { logAction: "登录" } });
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(clicked[0].download).toBe("操作日志.xlsx");
    expect(clicked[0].href).toBe("blob:logs");
  });

  it("reads the download name from filename*, then filename", () => {
    expect(fileNameOf("attachment; filename=\"a.xlsx\"; filename*=UTF-8''%E6%97%A5%E5%BF%97.xlsx", "x")).toBe("日志.xlsx");
    expect(fileNameOf('attachment; filename="a.xlsx"', "x")).toBe("a.xlsx");
    expect(fileNameOf(undefined, "x.xlsx")).toBe("x.xlsx");
  });

  it("shows the no-permission state, not a toast, when the server refuses", async () => {
    storeSession([]);
    const toasts = fakeNotifier();
    stubNetwork(() => ({ status: 403, data: { code: 403, message: "没有权限执行此操作" } }));
    renderInRefine("/logs", <LogList />);
    expect(await screen.findByTestId("no-permission")).toBeInTheDocument();
    expect(screen.queryByTestId("log-table")).toBeNull();
    expect(toasts.error).not.toHaveBeenCalled();
    expect(toasts.warning).not.toHaveBeenCalled();
  });
});

describe("the log actions in the reader's language", () => {
  const english = translator("en");

  it("shows the actions the server names by their key in English, and other texts as stored", async () => {
    storeSession([MenuCode.ADMIN_LOGS]);
    const records = [
      { ...rows[0], id: 21, logAction: LogAction.userCreated },
      { ...rows[0], id: 22, logAction: "登录失败：用户名或密码错误" },
      { ...rows[0], id: 23, logAction: "登录系统" },
    ];
    stubNetwork((config) =>
      config.url === "/api/logs/listData" ? { data: { code: 200, message: "ok", result: { records, total: 3, current: 1, size: 10 } } } : reply(config),
    );
    renderInRefine(
      "/logs",
      <I18nContext.Provider value={{ locale: "en", t: english, setLocale: () => undefined }}>
        <LogList />
      </I18nContext.Provider>,
    );
    const table = await screen.findByTestId("log-table");
    expect(await within(table).findByText("Created a user")).toBeInTheDocument();
    expect(within(table).getByText("Sign-in failed: 用户名或密码错误")).toBeInTheDocument();
    expect(within(table).getByText("登录系统")).toBeInTheDocument();
    expect(within(table).queryByText(LogAction.userCreated)).not.toBeInTheDocument();
  });

  it("has a text in both catalogs for every action of the table", () => {
    const chinese = translator("zh-CN");
    for (const text of Object.values(LogAction)) {
      expect(logActionLabel(text, chinese)).toBe(text);
      expect(logActionLabel(text, english)).not.toMatch(/[\u4e00-\u9fff]|admin\.logs/);
    }
  });
});
