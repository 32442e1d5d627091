import { afterEach, describe, expect, it } from "vitest";
import { notificationProvider, setToaster, warningNotice } from "../../../providers/notificationProvider";
import { notify } from "../../../providers/notifier";
import { fakeNotifier } from "./network";

afterEach(() => setToaster(null));

describe("the notification provider", () => {
  it("shows what a screen asks for, by kind, with the description after the message", () => {
    const toasts = fakeNotifier();
    notificationProvider.open({ type: "success", message: "已保存" });
    notificationProvider.open({ type: "error", message: "导入失败", description: "第 3 行缺少企业名称" });
    notificationProvider.open(warningNotice("没有可保存的回答"));
    expect(toasts.success).toHaveBeenCalledWith("已保存");
    expect(toasts.error).toHaveBeenCalledWith("导入失败: 第 3 行缺少企业名称");
    expect(toasts.warning).toHaveBeenCalledWith("没有可保存的回答");
  });

  it("drops what Refine makes up when a hook asked for nothing: the request layer has shown the failure", () => {
    const toasts = fakeNotifier();
    notificationProvider.open({ type: "error", message: "Error (status code: 403)", description: "无权限", key: "users-useList-notification" });
    notificationProvider.open({ type: "success", message: "Successfully created users", key: "create-users-notification" });
    notificationProvider.open({ type: "error", message: "ApiError", description: "验证码错误", key: "login-error" });
    expect(toasts.error).not.toHaveBeenCalled();
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it("is where the request layer's toasts go too", () => {
    const toasts = fakeNotifier();
    notify.error("网络连接失败");
    notify.warning("会话已结束，请重新登录");
    expect(toasts.error).toHaveBeenCalledWith("网络连接失败");
    expect(toasts.warning).toHaveBeenCalledWith("会话已结束，请重新登录");
  });
});
