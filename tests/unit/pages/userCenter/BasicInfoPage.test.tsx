import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setToaster } from "../../../../providers/notificationProvider";
import { Header } from "../../../../src/layout/Header";
import BasicInfoPage from "../../../../src/pages/userCenter/BasicInfoPage";
import type { UserInfo } from "../../../../src/pages/userCenter/userCenterCalls";
import { fakeNotifier, restoreNetwork, stubNetwork } from "../../providers/network";
import { bodyOf, callsTo, ok, renderPage, signIn } from "../pageHarness";

let toast: ReturnType<typeof fakeNotifier>;

const user: UserInfo = {
  id: 7,
  username: "chip_maker",
  name: "王芯",
  avatar: null,
  mobile: "13800138000",
  email: null,
  roles: [],
  company: { id: 3, name: "成都芯片科技有限公司" },
  certification: null,
  mustChangePassword: false,
};

beforeEach(() => {
  toast = fakeNotifier();
  signIn("王芯");
});

afterEach(() => {
  restoreNetwork();
  setToaster(null);
});

const showPage = () => renderPage("/userCenter/basicInfo", <BasicInfoPage />, <Header />);

describe("the basic-info page", () => {
  it("shows the account with the default avatar when there is none", async () => {
    stubNetwork(() => ok(user));
    showPage();
    expect(await screen.findByTestId("basic-username")).toHaveTextContent("chip_maker");
    expect(screen.getByTestId("basic-name")).toHaveValue("王芯");
    expect(screen.getByText("成都芯片科技有限公司")).toBeInTheDocument();
    expect(screen.getByTestId("mobile-current")).toHaveTextContent("13800138000");
    expect(screen.getByTestId("avatar-image")).toHaveAttribute("src", "/default-avatar.svg");
  });

  it("shows the saved e-mail getUserInfo answers", async () => {
    stubNetwork(() => ok({ ...user, email: "wang@chip.cn" }));
    showPage();
    expect(await screen.findByTestId("basic-email")).toHaveValue("wang@chip.cn");
  });

  it("shows a stored avatar from the download path, falls back when it cannot load, and previews on click", async () => {
    stubNetwork(() => ok({ ...user, avatar: "f-9" }));
    showPage();
    const image = await screen.findByTestId("avatar-image");
    expect(image).toHaveAttribute("src", "/api/open/download/f-9");
    fireEvent.click(image);
    expect(screen.getByRole("dialog", { name: "图片预览" })).toBeInTheDocument();
    fireEvent.error(image);
    expect(screen.getByTestId("avatar-image")).toHaveAttribute("src", "/default-avatar.svg");
  });

  it("saves the name and puts it into the stored user, so the header greets with it", async () => {
    const seen = stubNetwork((config) =>
      config.url === "/api/user/changePersonInfo"
        ? ok({ id: 7, name: "王芯片", avatar: null, email: "wang@chip.cn", mobile: "13800138000" })
        : ok(user),
    );
    const typist = userEvent.setup({ delay: null });
    showPage();
    expect(await screen.findByTestId("header-user")).toHaveTextContent("您好，王芯");
    const name = await screen.findByTestId("basic-name");
    await typist.clear(name);
    await typist.type(name, "王芯片");
    await typist.type(screen.getByTestId("basic-email"), "wang@chip.cn");
    await typist.click(screen.getByTestId("basic-save"));

    await waitFor(() => expect(screen.getByTestId("header-user")).toHaveTextContent("您好，王芯片"));
    expect(bodyOf(callsTo(seen, "/api/user/changePersonInfo")[0])).toEqual({ name: "王芯片", avatar: null, email: "wang@chip.cn" });
    expect(JSON.parse(localStorage.getItem("userInfo") ?? "null")).toEqual({ id: 7, name: "王芯片", avatar: null });
    expect(toast.success).toHaveBeenCalledWith("保存成功");
  });

  it("leaves the email alone when it was not edited", async () => {
    const seen = stubNetwork((config) =>
      config.url === "/api/user/changePersonInfo"
        ? ok({ id: 7, name: "王芯", avatar: null, email: "kept@chip.cn", mobile: "13800138000" })
        : ok(user),
    );
    const typist = userEvent.setup({ delay: null });
    showPage();
    await typist.click(await screen.findByTestId("basic-save"));
    await waitFor(() => expect(callsTo(seen, "/api/user/changePersonInfo")).toHaveLength(1));
    expect(bodyOf(callsTo(seen, "/api/user/changePersonInfo")[0])).toEqual({ name: "王芯", avatar: null });
  });

  it("refuses a malformed email and an empty name", async () => {
    const seen = stubNetwork(() => ok(user));
    const typist = userEvent.setup({ delay: null });
    showPage();
    await typist.clear(await screen.findByTestId("basic-name"));
    await typist.type(screen.getByTestId("basic-email"), "not-an-email");
    await typist.click(screen.getByTestId("basic-save"));
    expect(await screen.findByText("请输入姓名")).toBeInTheDocument();
    expect(await screen.findByText("请输入正确的邮箱")).toBeInTheDocument();
    expect(callsTo(seen, "/api/user/changePersonInfo")).toHaveLength(0);
  });

  it("changes the mobile number with a code sent for changeMobile", async () => {
    const seen = stubNetwork((config) => {
      if (config.url === "/api/notify/smscode") return ok({ expiresIn: 300, resendAfter: 60 });
      if (config.url === "/api/user/update/mobile") return ok(undefined, 1);
      return ok(user);
    });
    const typist = userEvent.setup({ delay: null });
    showPage();
    await typist.type(await screen.findByTestId("mobile-mobile"), "13900139000");
    await typist.click(screen.getByTestId("mobile-send-code"));
    await waitFor(() => expect(callsTo(seen, "/api/notify/smscode")).toHaveLength(1));
    expect(Object.fromEntries(callsTo(seen, "/api/notify/smscode")[0].data as FormData)).toEqual({
      mobile: "13900139000",
      scene: "changeMobile",
    });
    await typist.type(screen.getByTestId("mobile-sms-code"), "112233");
    await typist.click(screen.getByTestId("mobile-submit"));

    await waitFor(() => expect(screen.getByTestId("mobile-current")).toHaveTextContent("13900139000"));
    expect(bodyOf(callsTo(seen, "/api/user/update/mobile")[0])).toEqual({ mobile: "13900139000", smsCode: "112233" });
    expect(toast.success).toHaveBeenCalledWith("手机号已更换");
  });
});
