import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import type { AdminDimension, AdminQuestion } from "../../../../contract/questionnaires";
import { setToaster } from "../../../../providers/notificationProvider";
import { page } from "../../pages/userManage/fixtures";
import { LOCATION_MARK, grant, popconfirmOk, renderUserManage } from "../../pages/userManage/harness";
import { bodyOf, callsTo, ok, refused, signIn } from "../../pages/pageHarness";
import { fakeNotifier, restoreNetwork, stubNetwork, type Answer } from "../../providers/network";

const DIMENSIONS = "/api/archives/dimension/list";
const QUESTIONS = "/api/archives/question/list";

let toast: ReturnType<typeof fakeNotifier>;

beforeEach(() => {
  toast = fakeNotifier();
  signIn();
  grant(MenuCode.ADMIN_DIMENSIONS);
});

afterEach(() => {
  restoreNetwork();
  setToaster(null);
});

const ip: AdminDimension = { serviceNo: "ip", serviceName: "知识产权", isIp: true, sort: 10, questionCount: 2 };
const market: AdminDimension = { serviceNo: "market", serviceName: "市场与客户", isIp: false, sort: 20, questionCount: 1 };
const empty: AdminDimension = { serviceNo: "dnew", serviceName: "人才与团队", isIp: false, sort: 30, questionCount: 0 };

const ipQuestions: AdminQuestion[] = [
  { questionNo: "ip01", serviceNo: "ip", question: "企业是否设立知识产权管理部门或专职人员？", isReq: "1", sort: 10, answered: true },
  { questionNo: "ip02", serviceNo: "ip", question: "企业现有专利数量及类型分布？", isReq: "0", sort: 20, answered: false },
];
const marketQuestions: AdminQuestion[] = [
  { questionNo: "market01", serviceNo: "market", question: "主要客户群体及所在行业？", isReq: "1", sort: 10, answered: false },
];

/** The questionnaire server: dimensions, each one's questions, and `writes` for the rest. */
function server(writes: Record<string, Answer> = {}) {
  return stubNetwork((config: InternalAxiosRequestConfig) => {
    const url = config.url ?? "";
    if (url in writes) return writes[url];
    if (url === DIMENSIONS) return page([ip, market, empty]);
    if (url === QUESTIONS) {
      const { serviceNo } = bodyOf(config) as { serviceNo: string };
      return page(serviceNo === "ip" ? ipQuestions : serviceNo === "market" ? marketQuestions : []);
    }
    return refused(404, 404, `unexpected ${url}`);
  });
}

const typist = () => userEvent.setup({ delay: null });

async function questionTable() {
  return screen.findByTestId("question-table");
}

/** The tab with both lists loaded: antd blurs a loading list and lets no click through it. */
async function openTab() {
  renderUserManage("?tab=dimensions");
  await within(await questionTable()).findByText("企业现有专利数量及类型分布？");
  await screen.findByTestId("dimension-item-ip");
  await waitFor(() => expect(document.querySelector(".ant-spin-spinning")).toBeNull());
}

describe("the questionnaires tab", () => {
  it("lists the dimensions with the IP one marked, and the first one's questions", async () => {
    const seen = server();
    renderUserManage("?tab=dimensions");
    expect(await screen.findByRole("tab", { name: "问卷维度" })).toHaveAttribute("aria-selected", "true");
    const list = await screen.findByTestId("dimension-list");
    expect(await within(list).findByText("知识产权")).toBeInTheDocument();
    expect(within(list).getByText("市场与客户")).toBeInTheDocument();
    expect(within(screen.getByTestId("dimension-item-ip")).getByLabelText("知识产权维度")).toHaveTextContent("*");
    expect(within(screen.getByTestId("dimension-item-market")).queryByLabelText("知识产权维度")).toBeNull();
    expect(bodyOf(callsTo(seen, DIMENSIONS)[0])).toMatchObject({ current: 1 });

    const table = await questionTable();
    expect(await within(table).findByText("企业现有专利数量及类型分布？")).toBeInTheDocument();
    expect(within(table).getByText("知识产权 的问题")).toBeInTheDocument();
    expect(bodyOf(callsTo(seen, QUESTIONS)[0])).toMatchObject({ serviceNo: "ip" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent))).toEqual([
      ["10", "企业是否设立知识产权管理部门或专职人员？", "是", "编辑删除"],
      ["20", "企业现有专利数量及类型分布？", "否", "编辑删除"],
    ]);
  });

  it("lists the questions of the dimension picked, and keeps it in the URL", async () => {
    const seen = server();
    const user = typist();
    await openTab();

    await user.click(screen.getByText("市场与客户"));
    const table = await questionTable();
    expect(await within(table).findByText("主要客户群体及所在行业？")).toBeInTheDocument();
    expect(within(table).queryByText("企业现有专利数量及类型分布？")).toBeNull();
    expect(bodyOf(callsTo(seen, QUESTIONS).at(-1)!)).toMatchObject({ serviceNo: "market" });
    expect(screen.getByTestId(LOCATION_MARK)).toHaveTextContent("dimension=market");
    expect(screen.getByTestId("dimension-item-market")).toHaveAttribute("aria-current", "true");
  });

  it("adds a question with the body the server takes, then says so and reloads the lists", async () => {
    const seen = server({
      "/api/archives/question/save": ok({ questionNo: "qa1", serviceNo: "ip", question: "是否购买了知识产权保险？", isReq: "1", sort: 30 }, 1),
    });
    const user = typist();
    await openTab();
    const loads = callsTo(seen, QUESTIONS).length;

    await user.click(screen.getByTestId("question-add"));
    expect(screen.getByTestId("question-form-sort")).toHaveValue("30");
    await user.type(screen.getByTestId("question-form-question"), "  是否购买了知识产权保险？");
    await user.click(within(screen.getByTestId("question-form")).getByText("必答"));
    await user.click(screen.getByTestId("question-form-submit"));

    await waitFor(() => expect(callsTo(seen, "/api/archives/question/save")).toHaveLength(1));
    expect(bodyOf(callsTo(seen, "/api/archives/question/save")[0])).toEqual({
      serviceNo: "ip",
      question: "是否购买了知识产权保险？",
      isReq: "1",
      sort: 30,
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("保存成功"));
    await waitFor(() => expect(callsTo(seen, QUESTIONS).length).toBeGreaterThan(loads));
    await waitFor(() => expect(callsTo(seen, DIMENSIONS).length).toBeGreaterThan(1));
  });

  it("edits a question: the form holds its values and the body names it", async () => {
    const seen = server({ "/api/archives/question/save": ok({ ...ipQuestions[1], isReq: "1" }, 1) });
    const user = typist();
    await openTab();

    await user.click(screen.getByTestId("question-edit-ip02"));
    expect(screen.getByTestId("question-form-question")).toHaveValue("企业现有专利数量及类型分布？");
    await user.click(within(screen.getByTestId("question-form")).getByText("必答"));
    await user.click(screen.getByTestId("question-form-submit"));
    await waitFor(() => expect(callsTo(seen, "/api/archives/question/save")).toHaveLength(1));
    expect(bodyOf(callsTo(seen, "/api/archives/question/save")[0])).toMatchObject({
      questionNo: "ip02",
      serviceNo: "ip",
      question: "企业现有专利数量及类型分布？",
      isReq: "1",
      sort: 20,
    });
  });

  it("asks for the question text and refuses one over 1000 characters, sending nothing", async () => {
    const seen = server();
    const user = typist();
    await openTab();

    await user.click(screen.getByTestId("question-add"));
    await user.type(screen.getByTestId("question-form-question"), "   ");
    await user.click(screen.getByTestId("question-form-submit"));
    expect(await screen.findByText("请输入问题内容")).toBeInTheDocument();

    fireEvent.change(screen.getByTestId("question-form-question"), { target: { value: "问".repeat(1001) } });
    expect(await screen.findByText("问题不能超过 1000 个字符")).toBeInTheDocument();
    await user.click(screen.getByTestId("question-form-submit"));
    expect(screen.getByText("问题不能超过 1000 个字符")).toBeInTheDocument();
    expect(callsTo(seen, "/api/archives/question/save")).toHaveLength(0);

    fireEvent.change(screen.getByTestId("question-form-question"), { target: { value: "问".repeat(1000) } });
    await waitFor(() => expect(screen.queryByText("问题不能超过 1000 个字符")).toBeNull());
  });

  it("deletes an unanswered question after a confirmation, sending { questionNo }; an answered one cannot be", async () => {
    const seen = server({ "/api/archives/question/delete": ok(null, 1) });
    const user = typist();
    await openTab();
    const table = await questionTable();
    expect(within(table).getByTestId("question-delete-ip01")).toBeDisabled();

    await user.click(within(table).getByTestId("question-delete-ip02"));
    expect(callsTo(seen, "/api/archives/question/delete")).toHaveLength(0);
    await user.click(await popconfirmOk());
    await waitFor(() => expect(callsTo(seen, "/api/archives/question/delete")).toHaveLength(1));
    expect(callsTo(seen, "/api/archives/question/delete")[0].method).toBe("post");
    expect(bodyOf(callsTo(seen, "/api/archives/question/delete")[0])).toEqual({ questionNo: "ip02" });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("删除成功"));
  });

  it("shows the server's refusal of a delete and keeps the question", async () => {
    const seen = server({ "/api/archives/question/delete": refused(409, 409, "该问题已有企业回答，不能删除") });
    const user = typist();
    await openTab();
    const table = await questionTable();
    await user.click(within(table).getByTestId("question-delete-ip02"));
    await user.click(await popconfirmOk());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("该问题已有企业回答，不能删除"));
    expect(toast.success).not.toHaveBeenCalled();
    expect(callsTo(seen, "/api/archives/question/delete")).toHaveLength(1);
    expect(within(table).getByText("企业现有专利数量及类型分布？")).toBeInTheDocument();
  });

  it("adds a dimension (name required) and selects it", async () => {
    const added: AdminDimension = { serviceNo: "dtalent", serviceName: "人才培养", isIp: false, sort: 40, questionCount: 0 };
    const seen = server({ "/api/archives/dimension/save": ok(added, 1) });
    const user = typist();
    await openTab();

    await user.click(screen.getByTestId("dimension-add"));
    expect(screen.getByTestId("dimension-form-sort")).toHaveValue("40");
    await user.click(screen.getByTestId("dimension-form-submit"));
    expect(await screen.findByText("请输入维度名称")).toBeInTheDocument();
    expect(callsTo(seen, "/api/archives/dimension/save")).toHaveLength(0);

    await user.type(screen.getByTestId("dimension-form-name"), "人才培养");
    await user.click(screen.getByTestId("dimension-form-submit"));
    await waitFor(() => expect(callsTo(seen, "/api/archives/dimension/save")).toHaveLength(1));
    expect(bodyOf(callsTo(seen, "/api/archives/dimension/save")[0])).toEqual({ serviceName: "人才培养", sort: 40 });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("保存成功"));
    await waitFor(() => expect(screen.getByTestId(LOCATION_MARK)).toHaveTextContent("dimension=dtalent"));
  });

  it("edits a dimension's name and sort by its code", async () => {
    const seen = server({ "/api/archives/dimension/save": ok({ ...market, serviceName: "市场与销售" }, 1) });
    const user = typist();
    await openTab();
    await user.click(screen.getByTestId("dimension-edit-market"));
    const name = screen.getByTestId("dimension-form-name");
    expect(name).toHaveValue("市场与客户");
    await user.clear(name);
    await user.type(name, "市场与销售");
    await user.click(screen.getByTestId("dimension-form-submit"));
    await waitFor(() => expect(callsTo(seen, "/api/archives/dimension/save")).toHaveLength(1));
    expect(bodyOf(callsTo(seen, "/api/archives/dimension/save")[0])).toMatchObject({ serviceNo: "market", serviceName: "市场与销售", sort: 20 });
  });

  it("deletes only a dimension without questions, sending { serviceNo }", async () => {
    const seen = server({ "/api/archives/dimension/delete": ok(null, 1) });
    const user = typist();
    await openTab();
    expect(screen.getByTestId("dimension-delete-ip")).toBeDisabled();

    await user.click(screen.getByTestId("dimension-delete-dnew"));
    await user.click(await popconfirmOk());
    await waitFor(() => expect(callsTo(seen, "/api/archives/dimension/delete")).toHaveLength(1));
    expect(bodyOf(callsTo(seen, "/api/archives/dimension/delete")[0])).toEqual({ serviceNo: "dnew" });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("删除成功"));
  });

  it("is absent without admin:dimensions", async () => {
    grant(MenuCode.ADMIN_SESSIONS);
    const seen = server({ "/api/session/list": page([]) });
    renderUserManage("?tab=dimensions");
    expect(await screen.findByRole("tab", { name: "在线会话" })).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "问卷维度" })).toBeNull();
    expect(callsTo(seen, DIMENSIONS)).toHaveLength(0);
  });
});
