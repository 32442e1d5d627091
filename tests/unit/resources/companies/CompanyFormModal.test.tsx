import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import { setToaster } from "../../../../providers/notificationProvider";
import { storeSession } from "../../access/refineHarness";
import { fakeNotifier, restoreNetwork, stubNetwork } from "../../providers/network";
import { companyReply, FOLLOWUP_RULE, fullCompany, ok, OWNERS, renderFinder, SAVE, SEARCH, sentTo } from "./companyHarness";

let toasts: ReturnType<typeof fakeNotifier>;

beforeEach(() => {
  toasts = fakeNotifier();
  storeSession([MenuCode.SERVICE_FILES, MenuCode.ADMIN_COMPANIES]);
});

afterEach(() => {
  restoreNetwork();
  setToaster(null);
});

const typist = () => userEvent.setup({ delay: null });
const dialog = () => screen.getByRole("dialog");

describe("the company form", () => {
  it("says in Chinese that the name is missing and the phone is wrong, and sends nothing", async () => {
    const seen = stubNetwork(companyReply());
    const user = typist();
    renderFinder();
    await user.click(await screen.findByTestId("company-add"));
    await user.type(await screen.findByTestId("company-form-contactPhone"), "1380013800");
    await user.type(screen.getByTestId("company-form-creditCode"), "91510107REPLNNJ2EA");
    await user.click(screen.getByTestId("company-form-submit"));
    expect(await within(dialog()).findByText("请输入企业名称")).toBeInTheDocument();
    expect(await within(dialog()).findByText("请输入正确的联系电话")).toBeInTheDocument();
    expect(await within(dialog()).findByText("请输入正确的统一社会信用代码")).toBeInTheDocument();
    expect(sentTo(seen, SAVE)).toHaveLength(0);
  });

  it("adds a company: trimmed values, empty ones as null, then 保存成功 and the list again", async () => {
    const seen = stubNetwork(companyReply({ [SAVE]: ok({ ...fullCompany, id: 9 }, 1) }));
    const user = typist();
    renderFinder();
    await user.click(await screen.findByTestId("company-add"));
    await user.type(await screen.findByTestId("company-form-name"), " 新芯科技有限公司 ");
    await user.type(screen.getByTestId("company-form-creditCode"), "91510107repLNNJ2EB");
    await user.type(screen.getByTestId("company-form-contactPhone"), "13800138000");
    const searches = sentTo(seen, SEARCH).length;
    await user.click(screen.getByTestId("company-form-submit"));

    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith("保存成功"));
    expect(sentTo(seen, SAVE)).toEqual([
      {
        name: "新芯科技有限公司",
        creditCode: "91510107REPLNNJ2EB",
        district: null,
        segment: null,
        address: null,
        contactPerson: null,
        contactPhone: "13800138000",
      },
    ]);
    await waitFor(() => expect(sentTo(seen, SEARCH).length).toBeGreaterThan(searches));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("edits the full company it loads, sending its id", async () => {
    const seen = stubNetwork(companyReply({ [SAVE]: ok({ ...fullCompany, contactPerson: "李婷" }, 1) }));
    const user = typist();
    renderFinder();
    await user.click(await screen.findByTestId("company-edit-5"));
    const person = await screen.findByTestId("company-form-contactPerson");
    expect(person).toHaveValue("王晓峰");
    expect(screen.getByTestId("company-form-address")).toHaveValue(fullCompany.address);
    expect(within(dialog()).getByText("设计")).toBeInTheDocument();
    await user.clear(person);
    await user.type(person, "李婷");
    await user.click(screen.getByTestId("company-form-submit"));

    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith("保存成功"));
    expect(sentTo(seen, SAVE)).toEqual([
      {
        id: 5,
        name: fullCompany.name,
        creditCode: fullCompany.creditCode,
        district: fullCompany.district,
        segment: "design",
        address: fullCompany.address,
        contactPerson: "李婷",
        contactPhone: fullCompany.contactPhone,
      },
    ]);
    // The owners it was loaded with go unchanged, once the company is saved.
    await waitFor(() => expect(sentTo(seen, OWNERS)).toEqual([{ compId: 5, ownerIds: [21] }]));
  });

  it("sets a new company's owners once it is saved, and sends none when none is chosen", async () => {
    const seen = stubNetwork(companyReply({ [SAVE]: ok({ ...fullCompany, id: 9, owners: [] }, 1), [OWNERS]: ok([{ id: 22, name: "李强" }], 1) }));
    const user = typist();
    renderFinder();
    await user.click(await screen.findByTestId("company-add"));
    await user.type(await screen.findByTestId("company-form-name"), "新企业");
    await user.click(screen.getByTestId("company-form-owners").querySelector(".ant-select-selector")!);
    await user.click(await screen.findByTitle("李强"));
    await user.click(screen.getByTestId("company-form-submit"));
    await waitFor(() => expect(sentTo(seen, OWNERS)).toEqual([{ compId: 9, ownerIds: [22] }]));
    await waitFor(() => expect(screen.queryByTestId("company-form")).toBeNull());

    await user.click(await screen.findByTestId("company-add"));
    await user.type(await screen.findByTestId("company-form-name"), "又一家企业");
    await user.click(screen.getByTestId("company-form-submit"));
    await waitFor(() => expect(sentTo(seen, SAVE)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId("company-form")).toBeNull());
    expect(sentTo(seen, OWNERS)).toHaveLength(1);
  });

  it("sets the company's follow-up rule from the dialog, and sends it only when changed", async () => {
    const seen = stubNetwork(companyReply({ [SAVE]: ok(fullCompany, 1), [OWNERS]: ok([], 1), [FOLLOWUP_RULE]: ok({ compId: 5, days: 15 }, 1) }));
    const user = typist();
    renderFinder();
    await user.click(await screen.findByTestId("company-edit-5"));
    const rule = await screen.findByTestId("company-form-followupDays");
    expect(within(dialog()).getByText("不设置")).toBeInTheDocument();
    await user.click(rule.querySelector(".ant-select-selector")!);
    await user.click(await screen.findByTitle("15 天"));
    await user.click(screen.getByTestId("company-form-submit"));
    await waitFor(() => expect(sentTo(seen, FOLLOWUP_RULE)).toEqual([{ compId: 5, days: 15 }]));
    await waitFor(() => expect(screen.queryByTestId("company-form")).toBeNull());

    // Saved without touching the rule: it is not sent again.
    await user.click(await screen.findByTestId("company-edit-5"));
    await screen.findByTestId("company-form-followupDays");
    await user.click(screen.getByTestId("company-form-submit"));
    await waitFor(() => expect(sentTo(seen, SAVE)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId("company-form")).toBeNull());
    expect(sentTo(seen, FOLLOWUP_RULE)).toHaveLength(1);
  });

  it("opens 新增 empty after an edit was cancelled with 取消", async () => {
    const seen = stubNetwork(companyReply());
    const user = typist();
    renderFinder();
    await user.click(await screen.findByTestId("company-edit-5"));
    expect(await screen.findByTestId("company-form-contactPerson")).toHaveValue("王晓峰");
    await user.click(within(dialog()).getByRole("button", { name: /^取\s?消$/ }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(screen.getByTestId("company-add"));
    expect(await screen.findByTestId("company-form-contactPerson")).toHaveValue("");
    expect(screen.getByTestId("company-form-name")).toHaveValue("");
    expect(screen.getByTestId("company-form-address")).toHaveValue("");
    expect(sentTo(seen, SAVE)).toHaveLength(0);
  });

  it("keeps the dialog open with the server's refusal shown", async () => {
    stubNetwork(companyReply({ [SAVE]: { status: 409, data: { code: 409, message: "企业名称已存在" } } }));
    const user = typist();
    renderFinder();
    await user.click(await screen.findByTestId("company-add"));
    await user.type(await screen.findByTestId("company-form-name"), "蓉芯微电子设计（示例）有限公司");
    await user.click(screen.getByTestId("company-form-submit"));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith("企业名称已存在"));
    expect(toasts.success).not.toHaveBeenCalled();
    expect(screen.getByTestId("company-form-name")).toHaveValue("蓉芯微电子设计（示例）有限公司");
  });
});
