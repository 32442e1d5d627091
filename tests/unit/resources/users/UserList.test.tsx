import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import UserList from "../../../../resources/users/UserList";
import { renderInRefine, storeSession } from "../../access/refineHarness";
import { fakeNotifier, restoreNetwork, stubNetwork } from "../../providers/network";

const page = (records: unknown[], total = records.length) => ({
  data: { code: 200, message: "ok", result: { records, total, current: 1, size: 10 } },
});

const user = (n: number) => ({
  id: n,
  username: `user${n}`,
  name: `用户${n}`,
  mobile: `1380000000${n}`,
  status: 1,
  roles: [],
  company: null,
  createdDate: `2024-05-0${n} 10:00:00`,
  lastSignInDate: null,
});

afterEach(() => restoreNetwork());

describe("the user list (/user)", () => {
  it("shows the SPEC columns and asks for pages of 10 by default", async () => {
    storeSession([MenuCode.ADMIN_USERS]);
    const seen = stubNetwork(() => page([user(1), user(2)], 25));
    renderInRefine("/user", <UserList />);

    const table = await screen.findByTestId("user-table");
    await within(table).findByText("13800000001");
    for (const header of ["序号", "手机号", "创建时间"]) {
      expect(within(table).getByRole("columnheader", { name: header })).toBeInTheDocument();
    }
    expect(within(table).getByText("2024-05-02 10:00:00")).toBeInTheDocument();

    const call = seen.find((c) => c.url === "/api/user/listData")!;
    expect(JSON.parse(call.data as string)).toMatchObject({ current: 1, size: 10 });
    expect(call.headers.Authorization).toBe("Bearer at-1");
  });

  it("offers the page sizes 10, 50, 100, 500, 1000", async () => {
    storeSession([MenuCode.ADMIN_USERS]);
    stubNetwork(() => page([user(1)], 2000));
    renderInRefine("/user", <UserList />);
    const table = await screen.findByTestId("user-table");
    await within(table).findByText("13800000001");

    const changer = table.querySelector(".ant-pagination-options .ant-select-selector")!;
    fireEvent.mouseDown(changer);
    const options = await waitFor(() => {
      const found = [...document.querySelectorAll(".ant-select-item-option")].map((o) => o.textContent);
      expect(found).toHaveLength(5);
      return found;
    });
    expect(options.map((text) => Number.parseInt(text ?? "", 10))).toEqual([10, 50, 100, 500, 1000]);
  });

  it("sends the page size the URL holds", async () => {
    storeSession([MenuCode.ADMIN_USERS]);
    const seen = stubNetwork(() => page([user(1)], 2000));
    renderInRefine("/user?currentPage=2&pageSize=50", <UserList />);
    await screen.findByText("13800000001");
    const call = seen.find((c) => c.url === "/api/user/listData")!;
    expect(JSON.parse(call.data as string)).toMatchObject({ current: 2, size: 50 });
  });

  it("sorts by a column whose header is clicked, first ascending then descending", async () => {
    storeSession([MenuCode.ADMIN_USERS]);
    const seen = stubNetwork(() => page([user(1), user(2)]));
    renderInRefine("/user", <UserList />);
    const table = await screen.findByTestId("user-table");
    await within(table).findByText("13800000001");
    const bodies = () => seen.filter((c) => c.url === "/api/user/listData").map((c) => JSON.parse(c.data as string));
    expect(bodies()[0].orders).toBeUndefined();
    // The mobile number is not a column the call can sort by.
    expect(within(table).getByRole("columnheader", { name: "手机号" })).not.toHaveAttribute("aria-sort");

    fireEvent.click(within(table).getByRole("columnheader", { name: /创建时间/ }));
    await waitFor(() => expect(bodies().at(-1).orders).toEqual([{ column: "createdDate", asc: true }]));
    expect(bodies().at(-1)).toMatchObject({ current: 1 });
    await waitFor(() => expect(within(table).getByRole("columnheader", { name: /创建时间/ })).toHaveAttribute("aria-sort", "ascending"));

    fireEvent.click(within(table).getByRole("columnheader", { name: /创建时间/ }));
    await waitFor(() => expect(bodies().at(-1).orders).toEqual([{ column: "createdDate", asc: false }]));
  });

  it("restores the sort the address holds", async () => {
    storeSession([MenuCode.ADMIN_USERS]);
    const seen = stubNetwork(() => page([user(1)]));
    renderInRefine("/user?sorters[0][field]=name&sorters[0][order]=desc", <UserList />);
    const table = await screen.findByTestId("user-table");
    await within(table).findByText("13800000001");
    const call = seen.find((c) => c.url === "/api/user/listData")!;
    expect(JSON.parse(call.data as string).orders).toEqual([{ column: "name", asc: false }]);
    expect(within(table).getByRole("columnheader", { name: /姓名/ })).toHaveAttribute("aria-sort", "descending");
  });

  it("shows the no-permission state, not a toast, when the server refuses", async () => {
    storeSession([]);
    const toasts = fakeNotifier();
    stubNetwork(() => ({ status: 403, data: { code: 403, message: "没有权限执行此操作" } }));
    renderInRefine("/user", <UserList />);
    expect(await screen.findByTestId("no-permission")).toHaveTextContent("没有权限");
    expect(screen.queryByTestId("user-table")).toBeNull();
    expect(toasts.error).not.toHaveBeenCalled();
  });
});
