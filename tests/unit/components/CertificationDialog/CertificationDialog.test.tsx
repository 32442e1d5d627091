import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../providers/apiError";
import { CertificationDialog } from "../../../../src/components/CertificationDialog";
import { showCertificationDialogFor } from "../../../../src/session/certificationRefusal";
import { closeCertificationDialog, useSessionDialogs } from "../../../../src/session/sessionDialogs";
import { I18nContext } from "../../../../src/i18n/I18nContext";
import { translator } from "../../../../i18n/translate";

function WhereAmI() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderDialog() {
  const onClose = vi.fn();
  render(
    <MemoryRouter initialEntries={["/"]}>
      <WhereAmI />
      <CertificationDialog open onClose={onClose} />
    </MemoryRouter>,
  );
  return onClose;
}

describe("CertificationDialog (SPEC 2)", () => {
  it("is titled 提示, 620 px wide, and says the certification is under review", () => {
    renderDialog();
    expect(screen.getByRole("dialog").closest(".ant-modal") ?? screen.getByRole("dialog")).toHaveStyle({ width: "620px" });
    expect(screen.getByText("提示")).toBeInTheDocument();
    expect(screen.getByTestId("certification-text")).toHaveTextContent("您的企业认证正在审核中，审核通过后即可使用相关功能。");
  });

  it("links to the certification page", async () => {
    const onClose = renderDialog();
    expect(screen.getByTestId("certification-link")).toHaveAttribute("href", "/userCenter/accreditedInstitution");
    await userEvent.click(screen.getByTestId("certification-link"));
    expect(screen.getByTestId("where")).toHaveTextContent("/userCenter/accreditedInstitution");
    expect(onClose).toHaveBeenCalled();
  });

  it("goes to the personal center, or just closes on confirm", async () => {
    const onClose = renderDialog();
    await userEvent.click(screen.getByTestId("certification-confirm"));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId("where")).toHaveTextContent("/");
    await userEvent.click(screen.getByTestId("certification-personal-center"));
    expect(screen.getByTestId("where")).toHaveTextContent("/userCenter/basicInfo");
  });

  it("speaks English too", () => {
    render(
      <I18nContext.Provider value={{ locale: "en", t: translator("en"), setLocale: () => undefined }}>
        <MemoryRouter>
          <CertificationDialog open onClose={() => undefined} />
        </MemoryRouter>
      </I18nContext.Provider>,
    );
    expect(screen.getByText("Notice")).toBeInTheDocument();
    expect(screen.getByTestId("certification-text")).toHaveTextContent(/under review.*once it is approved/);
    expect(screen.getByText("Go to personal center")).toBeInTheDocument();
  });
});

describe("showCertificationDialogFor", () => {
  function Probe() {
    return <div data-testid="open">{String(useSessionDialogs().certification)}</div>;
  }
  const refusal = (result?: unknown, message = "企业认证审核中，审核通过后即可使用") =>
    new ApiError(message, { code: 40301, httpStatus: 403, body: { code: 40301, message, result } });

  it("opens the dialog for 40301 while the answer's state is under review, and nothing else", () => {
    render(<Probe />);
    const cases: [unknown, boolean][] = [
      [refusal({ state: "reviewing" }, "x"), true],
      [refusal({ state: "submitted" }, "x"), true],
      [refusal({ state: "rejected" }, "企业认证未通过：营业执照不清晰"), false],
      [refusal({ state: "none" }, "请先完成企业认证"), false],
      [refusal(), false],
      [new ApiError("x", { code: 500, httpStatus: 500 }), false],
      [new Error("x"), false],
    ];
    for (const [error, opens] of cases) {
      closeCertificationDialog();
      expect(showCertificationDialogFor(error)).toBe(opens);
    }
    closeCertificationDialog();
    expect(screen.getByTestId("open")).toHaveTextContent("false");
  });
});
