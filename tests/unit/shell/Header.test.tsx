import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Header } from "../../../src/layout/Header";
import { notifySessionChanged } from "../../../src/session/storedUser";

const renderHeader = () =>
  render(
    <MemoryRouter>
      <Header />
    </MemoryRouter>,
  );

describe("the header", () => {
  it("shows the platform title and the back-to-home link, and no user area without a stored user id", () => {
    renderHeader();
    expect(screen.getByText("半导体产业专利导航服务平台")).toBeInTheDocument();
    expect(screen.getByText("返回协会首页")).toBeInTheDocument();
    expect(screen.queryByTestId("header-user")).toBeNull();
  });

  it("greets the stored user by name once a user id is stored", () => {
    renderHeader();
    act(() => {
      localStorage.setItem("userInfo", JSON.stringify({ id: 7, name: "王芯" }));
      notifySessionChanged();
    });
    expect(screen.getByTestId("header-user")).toHaveTextContent("您好，王芯");
  });

  it("shows no user area for stored info without an id", () => {
    localStorage.setItem("userInfo", JSON.stringify({ name: "无编号" }));
    renderHeader();
    expect(screen.queryByTestId("header-user")).toBeNull();
  });
});
