import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import { AnswerHistoryDialog } from "../../../../resources/serviceRecords/AnswerHistoryDialog";
import { renderInRefine, storeSession } from "../../access/refineHarness";
import { restoreNetwork, stubNetwork } from "../../providers/network";
import { archiveReply, COMP, ok } from "./archiveHarness";

afterEach(() => restoreNetwork());

const history = [
  { id: 3, createDate: "2024-05-05 10:00:00", createBy: "王芯", historyAnswer: "已有发明专利10件", currentAnswer: "已有发明专利12件，另有实用新型3项" },
  { id: 2, createDate: "2024-05-04 10:00:00", createBy: "李研", historyAnswer: "two patent engineers", currentAnswer: "three patent engineers" },
  { id: 1, createDate: "2024-05-03 10:00:00", createBy: "王芯", historyAnswer: "", currentAnswer: "首次回答" },
];

function renderDialog() {
  storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT]);
  stubNetwork(archiveReply({ "/api/archives/queryServiceAnswer": ok({ records: history, total: history.length, current: 1, size: 1000 }) }));
  renderInRefine("/serviceFiles", <AnswerHistoryDialog compId={Number(COMP)} questionNo="Q1" onClose={() => undefined} />);
}

const rowsOf = async () => {
  const table = await screen.findByTestId("history-table");
  await waitFor(() => expect(table.querySelectorAll("tbody tr.ant-table-row")).toHaveLength(history.length));
  return [...table.querySelectorAll<HTMLElement>("tbody tr.ant-table-row")];
};

describe("the answer history dialog", () => {
  it("keeps SPEC's columns", async () => {
    renderDialog();
    const table = await screen.findByTestId("history-table");
    const headers = [...table.querySelectorAll("thead th")].map((th) => th.textContent);
    expect(headers).toEqual(["序号", "编辑人", "时间", "修改前", "修改后"]);
  });

  it("marks what an edit removed in the answer before and what it added in the answer after", async () => {
    renderDialog();
    const [latest] = await rowsOf();
    const before = within(latest).getByTestId("history-before");
    const after = within(latest).getByTestId("history-after");
    // Each side still reads as its whole answer.
    expect(before).toHaveTextContent(/^已有发明专利10件$/);
    expect(after).toHaveTextContent(/^已有发明专利12件，另有实用新型3项$/);
    expect([...before.querySelectorAll("del")].map((del) => del.textContent)).toEqual(["10"]);
    expect(before.querySelector("ins")).toBeNull();
    expect([...after.querySelectorAll("ins")].map((ins) => ins.textContent)).toEqual(["12", "，另有实用新型3项"]);
    expect(after.querySelector("del")).toBeNull();
  });

  it("tells screen readers where added and removed text starts and ends, in the reader's language", async () => {
    renderDialog();
    const [latest] = await rowsOf();
    const removed = within(latest).getByTestId("history-before").querySelector("del")!;
    const added = within(latest).getByTestId("history-after").querySelector("ins")!;
    expect(removed.dataset).toMatchObject({ start: "删除开始", end: "删除结束" });
    expect(added.dataset).toMatchObject({ start: "新增开始", end: "新增结束" });
  });

  it("diffs English by words and shows a first answer as added, with an empty before", async () => {
    renderDialog();
    const [, english, first] = await rowsOf();
    expect([...within(english).getByTestId("history-before").querySelectorAll("del")].map((el) => el.textContent)).toEqual(["two"]);
    expect([...within(english).getByTestId("history-after").querySelectorAll("ins")].map((el) => el.textContent)).toEqual(["three"]);
    expect(within(first).queryByTestId("history-before")).toBeNull();
    expect(first.querySelectorAll("td")[3]).toHaveTextContent(/^-$/);
    expect([...within(first).getByTestId("history-after").querySelectorAll("ins")].map((el) => el.textContent)).toEqual(["首次回答"]);
  });
});
