import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import { setToaster } from "../../../../providers/notificationProvider";
import AccreditedInstitutionPage from "../../../../src/pages/userCenter/AccreditedInstitutionPage";
import type { Certification } from "../../../../src/pages/userCenter/certificationCalls";
import { fakeNotifier, restoreNetwork, stubNetwork } from "../../providers/network";
import { bodyOf, callsTo, ok, renderPage, signIn } from "../pageHarness";

const VALID_CREDIT_CODE = "91510100MA61R0XY74";

let toast: ReturnType<typeof fakeNotifier>;

const application: Certification = {
  id: 5,
  companyName: "成都芯片科技有限公司",
  creditCode: VALID_CREDIT_CODE,
  contactPerson: "李工",
  contactPhone: "13800138000",
  licenseFileId: "lic-1",
  state: "reviewing",
  rejectReason: null,
  createdAt: "2025-03-01 10:00:00",
  reviewedAt: null,
};

beforeEach(() => {
  toast = fakeNotifier();
  signIn("王芯", [MenuCode.USER_CENTER, MenuCode.CERTIFICATION_APPLY]);
});

afterEach(() => {
  restoreNetwork();
  setToaster(null);
});

const showPage = () => renderPage("/userCenter/accreditedInstitution", <AccreditedInstitutionPage />);

/** The antd step that is current, by its title. */
const currentStep = () => document.querySelector(".ant-steps-item-active .ant-steps-item-title")?.textContent;

describe("the certification page", () => {
  it("without the certification code (staff): the no-permission state and no call", async () => {
    signIn("协会职员", [MenuCode.USER_CENTER, MenuCode.SERVICE_FILES]);
    const seen = stubNetwork(() => ok(null));
    showPage();
    expect(await screen.findByText("没有权限")).toBeInTheDocument();
    expect(screen.queryByTestId("certification-form")).not.toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it("without an application: the first step and an empty form", async () => {
    stubNetwork(() => ok(null));
    showPage();
    expect(await screen.findByTestId("certification-form")).toBeInTheDocument();
    expect(screen.getByTestId("certification-progress")).toHaveAttribute("data-state", "none");
    expect(currentStep()).toBe("提交申请");
    expect(screen.getByText("您尚未提交企业认证，请填写以下信息提交认证申请。")).toBeInTheDocument();
    expect(screen.getByTestId("certification-submit")).toHaveTextContent("提交认证");
  });

  it.each(["submitted", "reviewing"] as const)("%s: under review, with the application read-only", async (state) => {
    stubNetwork(() => ok({ ...application, state }));
    showPage();
    const details = await screen.findByTestId("certification-details");
    expect(currentStep()).toBe("审核中");
    expect(screen.getByText("提交时间：2025-03-01 10:00:00")).toBeInTheDocument();
    expect(within(details).getByText(VALID_CREDIT_CODE)).toBeInTheDocument();
    expect(within(details).getByRole("img")).toHaveAttribute("src", "/api/open/download/lic-1");
    expect(screen.queryByTestId("certification-form")).not.toBeInTheDocument();
  });

  it("approved: the last step finished", async () => {
    stubNetwork(() => ok({ ...application, state: "approved", reviewedAt: "2025-03-02 09:30:00" }));
    showPage();
    await screen.findByTestId("certification-details");
    expect(document.querySelector(".ant-steps-item-finish:last-child .ant-steps-item-title")).toHaveTextContent("审核通过");
    expect(screen.getByText(/审核时间：2025-03-02 09:30:00/)).toBeInTheDocument();
    expect(screen.getByText("企业认证已通过，您可以使用平台全部功能。")).toBeInTheDocument();
  });

  it("rejected: the reason, and the form filled in for a resubmission", async () => {
    const rejected = { ...application, state: "rejected" as const, rejectReason: "营业执照不清晰", reviewedAt: "2025-03-02 09:30:00" };
    const seen = stubNetwork((config) => (config.url === "/api/certification/submit" ? ok(undefined, 1) : ok(rejected)));
    const typist = userEvent.setup({ delay: null });
    showPage();
    expect(await screen.findByText(/未通过原因：营业执照不清晰/)).toBeInTheDocument();
    expect(document.querySelector(".ant-steps-item-error .ant-steps-item-title")).toHaveTextContent("审核未通过");
    expect(screen.getByTestId("certification-company")).toHaveValue("成都芯片科技有限公司");

    await typist.click(screen.getByTestId("certification-submit"));
    await waitFor(() => expect(callsTo(seen, "/api/certification/submit")).toHaveLength(1));
    expect(bodyOf(callsTo(seen, "/api/certification/submit")[0])).toEqual({
      companyName: "成都芯片科技有限公司",
      creditCode: VALID_CREDIT_CODE,
      contactPerson: "李工",
      contactPhone: "13800138000",
      licenseFileId: "lic-1",
    });
    expect(toast.success).toHaveBeenCalledWith("认证申请已提交，请等待审核");
    // The page reloads the application after the submission.
    await waitFor(() => expect(callsTo(seen, "/api/certification/mine")).toHaveLength(2));
  });

  it("checks the credit code and requires every field", async () => {
    const seen = stubNetwork(() => ok(null));
    const typist = userEvent.setup({ delay: null });
    showPage();
    await typist.type(await screen.findByTestId("certification-credit-code"), "91510100ma61r0xy75");
    expect(screen.getByTestId("certification-credit-code")).toHaveValue("91510100MA61R0XY75");
    await typist.click(screen.getByTestId("certification-submit"));
    expect(await screen.findByText("统一社会信用代码不正确")).toBeInTheDocument();
    for (const text of ["请输入企业名称", "请输入联系人", "请输入联系电话", "请上传营业执照"]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    await typist.clear(screen.getByTestId("certification-credit-code"));
    await typist.type(screen.getByTestId("certification-credit-code"), VALID_CREDIT_CODE);
    await waitFor(() => expect(screen.queryByText("统一社会信用代码不正确")).not.toBeInTheDocument());
    expect(callsTo(seen, "/api/certification/submit")).toHaveLength(0);
  });
});
