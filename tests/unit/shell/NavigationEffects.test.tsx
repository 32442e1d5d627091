import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { NavigationEffects } from "../../../src/layout/NavigationEffects";

const visit = (path: string, scrollTo = vi.fn()) => {
  render(
    <MemoryRouter initialEntries={[path]}>
      <NavigationEffects scrollTarget={() => ({ scrollTo }) as unknown as HTMLElement} />
    </MemoryRouter>,
  );
  return scrollTo;
};

describe("after a navigation", () => {
  it("stores a non-login path, with its query, as the history path", () => {
    visit("/serviceFiles?id=12");
    expect(localStorage.getItem("historyPath")).toBe("/serviceFiles?id=12");
  });

  it("does not store login paths", () => {
    localStorage.setItem("historyPath", "/logs");
    visit("/login/index");
    visit("/login/register");
    expect(localStorage.getItem("historyPath")).toBe("/logs");
  });

  it("scrolls the main area to the top", () => {
    expect(visit("/user")).toHaveBeenCalledWith({ top: 0 });
  });

  it("names the browser tab after the route", () => {
    visit("/userCenter/changePassword");
    expect(document.title).toBe("修改密码 - 半导体产业专利导航服务平台");
  });
});
