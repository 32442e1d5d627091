import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EVALUATIONS, type Evaluation } from "../../../contract/valueSets";
import { ListTable, valueEnumOf, type ListColumn } from "../../../src/components/ListTable";

interface Row {
  id: number;
  name: string | null;
  evaluation: Evaluation | null;
  state: 0 | 1;
  at: string;
}

const LABELS: Record<Evaluation, string> = { excellent: "优秀", good: "良好", average: "一般" };

const columns: ListColumn<Row>[] = [
  { title: "名称", dataIndex: "name", valueType: "text" },
  { title: "评价", dataIndex: "evaluation", valueType: "select", valueEnum: valueEnumOf(EVALUATIONS, (value) => LABELS[value]) },
  {
    title: "状态",
    dataIndex: "state",
    valueType: "select",
    valueEnum: valueEnumOf([0, 1] as const, (value) => (value ? "异常" : "正常"), (value) => ({ status: value ? "Error" : "Success" })),
  },
  { title: "时间", dataIndex: "at", valueType: "dateTime" },
];

const rows: Row[] = [
  { id: 1, name: "甲", evaluation: "good", state: 1, at: "2024-05-01 08:30:00" },
  { id: 2, name: null, evaluation: null, state: 0, at: "" },
];

function cellsOf(rowKey: number): string[] {
  const row = screen.getByTestId("table").querySelector(`tr[data-row-key="${rowKey}"]`) as HTMLElement;
  return within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent ?? "");
}

describe("ListTable's value types", () => {
  it("shows a select by its label, a status with its badge, a date-time as written, and an empty cell as the screen says", () => {
    render(<ListTable<Row> testId="table" tableProps={{ dataSource: rows, pagination: false }} columns={columns} emptyCellText="--" />);
    expect(cellsOf(1)).toEqual(["甲", "良好", "异常", "2024-05-01 08:30:00"]);
    expect(cellsOf(2)).toEqual(["--", "--", "正常", "--"]);
    expect(screen.getByText("异常").closest(".list-table__badge")).toHaveClass("list-table__badge--error");
    expect(screen.getByText("正常").closest(".list-table__badge")).toHaveClass("list-table__badge--success");
  });

  it("shows a code outside the value set as it came", () => {
    render(<ListTable<Row> testId="table" tableProps={{ dataSource: [{ ...rows[0], evaluation: "unheard" as Evaluation }], pagination: false }} columns={columns} />);
    expect(cellsOf(1)[1]).toBe("unheard");
  });

  it("numbers the rows across pages, lays out an option column's actions and cuts an ellipsis column with its text as title", () => {
    const actions: ListColumn<Row>[] = [
      { title: "序号", key: "index", valueType: "index" },
      { title: "名称", dataIndex: "name", valueType: "text", ellipsis: true },
      { title: "操作", key: "operation", valueType: "option", render: (_, row) => [<a key="v">查看{row.id}</a>, <a key="e">编辑{row.id}</a>] },
    ];
    render(
      <ListTable<Row>
        testId="table"
        tableProps={{ dataSource: rows, pagination: { current: 3, pageSize: 20, total: 42 } }}
        columns={actions}
      />,
    );
    expect(cellsOf(1)).toEqual(["41", "甲", "查看1编辑1"]);
    expect(cellsOf(2)[0]).toBe("42");
    expect(screen.getByText("甲")).toHaveAttribute("title", "甲");
    expect(screen.getByText("查看1").closest(".ant-space")).not.toBeNull();
    expect(screen.getByText("第 41-42 条/总共 42 条")).toBeInTheDocument();
  });
});
