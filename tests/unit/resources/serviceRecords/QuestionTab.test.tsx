import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import ServiceFilesPage from "../../../../resources/serviceRecords/ServiceFilesPage";
import { LOCATION_MARK, renderInRefine, storeSession } from "../../access/refineHarness";
import { fakeNotifier, restoreNetwork, stubNetwork } from "../../providers/network";
import { archiveReply, COMP, ok, questions, sentTo } from "./archiveHarness";

const ALL = [MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT, MenuCode.SERVICE_FILES_EXPORT];

afterEach(() => {
  restoreNetwork();
  vi.restoreAllMocks();
});

async function openIpTab() {
  fireEvent.click(await screen.findByTestId("archive-tab-IP"));
  return screen.findByTestId("answer-Q1");
}

describe("a question tab", () => {
  it("is read-only until Edit, then saves only the changed non-empty answers with their versions", async () => {
    storeSession(ALL);
    const notifier = fakeNotifier();
    const seen = stubNetwork(archiveReply());
    renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    const answer = await openIpTab();
    expect(answer).toHaveAttribute("readonly");
    // Ids travel as JSON numbers: the server refuses "5" where an id belongs.
    expect(sentTo(seen, "/api/archives/queryServiceQuestion")[0]).toEqual({ compId: Number(COMP), serviceType: "IP" });
    expect(screen.getByText("历史记录：2024-05-03 10:00:00 王芯 编辑了该项")).toBeInTheDocument();

    fireEvent.click(screen.getByTestId("question-edit"));
    fireEvent.change(screen.getByTestId("answer-Q2"), { target: { value: "500万" } });
    fireEvent.click(screen.getByTestId("question-save"));
    await waitFor(() =>
      expect(sentTo(seen, "/api/archives/serviceAnswer")).toEqual([[{ compId: Number(COMP), questionNo: "Q2", currentAnswer: "500万", version: 0 }]]),
    );
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith("保存成功"));
  });

  it("asks for content on a required question", async () => {
    storeSession(ALL);
    stubNetwork(archiveReply());
    renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    await openIpTab();
    fireEvent.click(screen.getByTestId("question-edit"));
    fireEvent.change(screen.getByTestId("answer-Q1"), { target: { value: "" } });
    fireEvent.click(screen.getByTestId("question-save"));
    expect(await screen.findByText("请输入内容")).toBeInTheDocument();
  });

  it("keeps the typed text and names the other editor on a 409 refusal", async () => {
    storeSession(ALL);
    const notifier = fakeNotifier();
    stubNetwork(
      archiveReply({
        "/api/archives/serviceAnswer": {
          status: 409,
          data: {
            code: 409,
            message: "王芯 已修改「专利数量」",
            result: { conflicts: [{ questionNo: "Q1", question: "专利数量", editor: "王芯", editDate: "2024-05-04 09:00:00", currentAnswer: "12" }] },
          },
        },
      }),
    );
    renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    await openIpTab();
    fireEvent.click(screen.getByTestId("question-edit"));
    fireEvent.change(screen.getByTestId("answer-Q1"), { target: { value: "15" } });
    fireEvent.click(screen.getByTestId("question-save"));
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith("王芯 已修改「专利数量」"));
    expect(await screen.findByText("王芯 于 2024-05-04 09:00:00 修改了此项：12")).toBeInTheDocument();
    expect(screen.getByTestId("answer-Q1")).toHaveValue("15");
  });

  it("after a 409 refusal reloads the versions, so the next Save replaces the other editor's answer", async () => {
    storeSession(ALL);
    const reply = archiveReply();
    let saves = 0;
    let loads = 0;
    const seen = stubNetwork((config) => {
      if (config.url === "/api/archives/queryServiceQuestion") {
        loads += 1;
        return ok(loads === 1 ? questions : [{ ...questions[0], currentAnswer: "12", version: 4 }, questions[1]]);
      }
      if (config.url === "/api/archives/serviceAnswer") {
        saves += 1;
        if (saves === 1) {
          return {
            status: 409,
            data: { code: 409, message: "王芯 已修改「专利数量」", result: { conflicts: [{ questionNo: "Q1", question: "专利数量", editor: "王芯", editDate: "2024-05-04 09:00:00", currentAnswer: "12" }] } },
          };
        }
      }
      return reply(config);
    });
    renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    await openIpTab();
    fireEvent.click(screen.getByTestId("question-edit"));
    fireEvent.change(screen.getByTestId("answer-Q1"), { target: { value: "15" } });
    fireEvent.click(screen.getByTestId("question-save"));
    await waitFor(() => expect(loads).toBe(2));
    expect(screen.getByTestId("answer-Q1")).toHaveValue("15");
    fireEvent.click(screen.getByTestId("question-save"));
    await waitFor(() => expect(sentTo(seen, "/api/archives/serviceAnswer")).toHaveLength(2));
    expect(sentTo(seen, "/api/archives/serviceAnswer")[1]).toEqual([{ compId: Number(COMP), questionNo: "Q1", currentAnswer: "15", version: 4 }]);
  });

  it("asks before leaving the page with unsaved answers: Stay keeps them, Don't save leaves", async () => {
    storeSession(ALL);
    stubNetwork(archiveReply());
    renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />, { "/": <p>home page</p> });
    await openIpTab();
    fireEvent.click(screen.getByTestId("question-edit"));
    fireEvent.change(screen.getByTestId("answer-Q1"), { target: { value: "11" } });
    fireEvent.click(screen.getByRole("link", { name: "首页" }));
    fireEvent.click(await screen.findByTestId("unsaved-stay"));
    await waitFor(() => expect(screen.queryByTestId("unsaved-stay")).toBeNull());
    expect(screen.getByTestId("answer-Q1")).toHaveValue("11");
    expect(screen.getByTestId(LOCATION_MARK)).toHaveTextContent(`/serviceFiles?id=${COMP}`);

    fireEvent.click(screen.getByRole("link", { name: "首页" }));
    fireEvent.click(await screen.findByTestId("unsaved-discard"));
    expect(await screen.findByText("home page")).toBeInTheDocument();
  });

  it("asks before switching tabs with unsaved changes; Don't save discards and stays", async () => {
    storeSession(ALL);
    stubNetwork(archiveReply());
    renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    await openIpTab();
    fireEvent.click(screen.getByTestId("question-edit"));
    fireEvent.change(screen.getByTestId("answer-Q1"), { target: { value: "11" } });
    fireEvent.click(screen.getByTestId("archive-tab-record"));
    expect(await screen.findByText("当前页签有未保存的内容，是否保存修改？")).toBeInTheDocument();
    fireEvent.click(screen.getByTestId("unsaved-discard"));
    await waitFor(() => expect(screen.getByTestId("answer-Q1")).toHaveValue("10"));
    expect(screen.getByTestId("answer-Q1")).toHaveAttribute("readonly");
  });

  it("opens the history dialog with the SPEC columns", async () => {
    storeSession(ALL);
    stubNetwork(archiveReply());
    renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    await openIpTab();
    fireEvent.click(screen.getByTestId("history-link-Q1"));
    const dialog = await screen.findByTestId("history-dialog");
    for (const header of ["序号", "编辑人", "时间", "修改前", "修改后"]) expect(await screen.findByText(header)).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it("warns 'Please enter content!' when every answer is empty", async () => {
    storeSession(ALL);
    const notifier = fakeNotifier();
    const seen = stubNetwork(archiveReply({ "/api/archives/queryServiceQuestion": { data: { code: 200, message: "ok", result: [{ questionNo: "Q3", question: "备注", isReq: "0", currentAnswer: "", version: 0, lastEditDate: null, lastEditor: null }] } } }));
    renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    fireEvent.click(await screen.findByTestId("archive-tab-IP"));
    fireEvent.click(await screen.findByTestId("question-edit"));
    fireEvent.click(screen.getByTestId("question-save"));
    await waitFor(() => expect(notifier.warning).toHaveBeenCalledWith("请输入内容!"));
    expect(sentTo(seen, "/api/archives/serviceAnswer")).toEqual([]);
  });

  it("Save in the unsaved-changes dialog saves the tab and closes the dialog", async () => {
    storeSession(ALL);
    fakeNotifier();
    const seen = stubNetwork(archiveReply());
    renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    await openIpTab();
    fireEvent.click(screen.getByTestId("question-edit"));
    fireEvent.change(screen.getByTestId("answer-Q1"), { target: { value: "11" } });
    fireEvent.click(screen.getByTestId("archive-tab-record"));
    fireEvent.click(await screen.findByTestId("unsaved-save"));
    await waitFor(() =>
      expect(sentTo(seen, "/api/archives/serviceAnswer")).toEqual([[{ compId: Number(COMP), questionNo: "Q1", currentAnswer: "11", version: 3 }]]),
    );
    await waitFor(() => expect(screen.queryByText("当前页签有未保存的内容，是否保存修改？")).toBeNull());
  });

  it("says an emptied answer is not submitted and shows its stored answer again", async () => {
    storeSession(ALL);
    const notifier = fakeNotifier();
    const answered = [questions[0], { ...questions[1], currentAnswer: "300万", version: 2 }];
    const seen = stubNetwork(archiveReply({ "/api/archives/queryServiceQuestion": ok(answered) }));
    renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    await openIpTab();
    fireEvent.click(screen.getByTestId("question-edit"));
    fireEvent.change(screen.getByTestId("answer-Q1"), { target: { value: "11" } });
    fireEvent.change(screen.getByTestId("answer-Q2"), { target: { value: "  " } });
    fireEvent.click(screen.getByTestId("question-save"));
    await waitFor(() => expect(notifier.warning).toHaveBeenCalledWith("空白的回答不会提交：“研发投入”仍保留原来的回答"));
    await waitFor(() =>
      expect(sentTo(seen, "/api/archives/serviceAnswer")).toEqual([[{ compId: Number(COMP), questionNo: "Q1", currentAnswer: "11", version: 3 }]]),
    );
    expect(screen.getByTestId("answer-Q2")).toHaveValue("300万");
  });

  it("with only an answer emptied, sends nothing and leaves editing with the stored answer shown", async () => {
    storeSession(ALL);
    const notifier = fakeNotifier();
    const answered = [questions[0], { ...questions[1], currentAnswer: "300万", version: 2 }];
    const seen = stubNetwork(archiveReply({ "/api/archives/queryServiceQuestion": ok(answered) }));
    renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    await openIpTab();
    fireEvent.click(screen.getByTestId("question-edit"));
    fireEvent.change(screen.getByTestId("answer-Q2"), { target: { value: "" } });
    fireEvent.click(screen.getByTestId("question-save"));
    await waitFor(() => expect(notifier.warning).toHaveBeenCalledWith("空白的回答不会提交：“研发投入”仍保留原来的回答"));
    await waitFor(() => expect(screen.getByTestId("answer-Q2")).toHaveAttribute("readonly"));
    expect(screen.getByTestId("answer-Q2")).toHaveValue("300万");
    expect(sentTo(seen, "/api/archives/serviceAnswer")).toEqual([]);
  });
});
