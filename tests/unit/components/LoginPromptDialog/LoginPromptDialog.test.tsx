import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { StorageKey } from "../../../../providers/storageKeys";
import { setAccessToken } from "../../../../providers/tokenStore";
import { LoginPromptDialog, type LoginPromptDialogProps } from "../../../../src/components/LoginPromptDialog";

function WhereAmI() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderPrompt(props: Partial<LoginPromptDialogProps> = {}) {
  const onClose = vi.fn();
  render(
    <MemoryRouter initialEntries={["/serviceFiles"]}>
      <WhereAmI />
      <LoginPromptDialog open onClose={onClose} {...props} />
    </MemoryRouter>,
  );
  return onClose;
}

function signedIn() {
  setAccessToken({ access_token: "at", token_type: "bearer", expires_in: Date.now() + 60_000, refresh_token: "rt" });
  localStorage.setItem(StorageKey.USER_INFO, JSON.stringify({ id: 7, name: "王芯" }));
  localStorage.setItem(StorageKey.AUTH, JSON.stringify([{ menuCode: "patnavi" }]));
  localStorage.setItem(StorageKey.MENU, JSON.stringify([]));
}

describe("LoginPromptDialog (SPEC 2)", () => {
  it("is 440 px wide with the default title 登录提示, the SPEC hint, and Log in now / Cancel", () => {
    renderPrompt();
    const dialog = screen.getByRole("dialog");
    expect(dialog.closest(".ant-modal") ?? dialog).toHaveStyle({ width: "440px" });
    expect(screen.getByText("登录提示")).toBeInTheDocument();
    expect(screen.getByTestId("login-prompt-hint")).toHaveTextContent("您还未登录，是否立即登录？");
    expect(screen.getByTestId("login-prompt-confirm")).toHaveTextContent("立即登录");
    expect(screen.getByTestId("login-prompt-cancel")).toHaveTextContent("取 消");
  });

  it("confirming with the login path clears tokens, user info and permissions and goes to the login page", async () => {
    signedIn();
    const onClose = renderPrompt();
    await userEvent.click(screen.getByTestId("login-prompt-confirm"));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId("where")).toHaveTextContent("/login/index");
    for (const key of [StorageKey.ACCESS_TOKEN_RECORD, StorageKey.USER_INFO, StorageKey.AUTH, StorageKey.MENU]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it("takes its title, hint, confirm text and target path from the caller; another target keeps the session", async () => {
    signedIn();
    renderPrompt({ title: "开通提示", hint: "请先完成企业认证", confirmText: "去认证", targetPath: "/userCenter/accreditedInstitution" });
    expect(screen.getByText("开通提示")).toBeInTheDocument();
    expect(screen.getByTestId("login-prompt-hint")).toHaveTextContent("请先完成企业认证");
    await userEvent.click(screen.getByText("去认证"));
    expect(screen.getByTestId("where")).toHaveTextContent("/userCenter/accreditedInstitution");
    expect(localStorage.getItem(StorageKey.USER_INFO)).not.toBeNull();
  });

  it("cancel closes it and stays", async () => {
    signedIn();
    const onClose = renderPrompt();
    await userEvent.click(screen.getByTestId("login-prompt-cancel"));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId("where")).toHaveTextContent("/serviceFiles");
    expect(localStorage.getItem(StorageKey.USER_INFO)).not.toBeNull();
  });

  it("ignores Escape and clicks outside unless dismissible", () => {
    const onClose = renderPrompt();
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape", code: "Escape", keyCode: 27 });
    fireEvent.mouseDown(document.querySelector(".ant-modal-wrap")!);
    fireEvent.click(document.querySelector(".ant-modal-wrap")!);
    expect(onClose).not.toHaveBeenCalled();
    expect(document.querySelector(".ant-modal-close")).toBeNull();
  });

  it("closes on Escape and on a click outside when dismissible", () => {
    const onClose = renderPrompt({ dismissible: true });
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape", code: "Escape", keyCode: 27 });
    expect(onClose).toHaveBeenCalledTimes(1);
    const wrap = document.querySelector(".ant-modal-wrap")!;
    fireEvent.mouseDown(wrap);
    fireEvent.click(wrap);
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
