import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { TOKEN_RESTORE_WINDOW_MS } from "../../../contract/limits";
import { clearAccessToken, restoreTokens, setAccessToken } from "../../../providers/tokenStore";
import { Header } from "../../../src/layout/Header";
import { notifySessionChanged } from "../../../providers/session/storedUser";

const renderHeader = () =>
  render(
    <MemoryRouter>
      <Header />
    </MemoryRouter>,
  );

const storeUser = () => localStorage.setItem("userInfo", JSON.stringify({ id: 7, name: "王芯" }));
const storeToken = (savedAt = Date.now()) =>
  setAccessToken({ access_token: "at", token_type: "bearer", expires_in: savedAt + 7_200_000 }, savedAt);

describe("the header", () => {
  it("shows the platform title and the back-to-home link, and no user area without a stored user id", () => {
    renderHeader();
    expect(screen.getByText("半导体产业专利导航服务平台")).toBeInTheDocument();
    expect(screen.getByText("返回协会首页")).toBeInTheDocument();
    expect(screen.queryByTestId("header-user")).toBeNull();
  });

  it("greets the stored user by name once a user id and a token are stored", async () => {
    renderHeader();
    act(() => {
      storeUser();
      storeToken();
      notifySessionChanged();
    });
    expect(await screen.findByTestId("header-user")).toHaveTextContent("您好，王芯");
  });

  it("shows no user area for stored info without an id", () => {
    localStorage.setItem("userInfo", JSON.stringify({ name: "无编号" }));
    storeToken();
    renderHeader();
    expect(screen.queryByTestId("header-user")).toBeNull();
  });

  it("does not greet a stored user whose token the one-hour rule dropped at start", () => {
    storeUser();
    storeToken(Date.now() - TOKEN_RESTORE_WINDOW_MS - 1);
    restoreTokens();
    renderHeader();
    expect(screen.queryByTestId("header-user")).toBeNull();
  });

  it("stops greeting once the token is removed", async () => {
    storeUser();
    storeToken();
    renderHeader();
    expect(await screen.findByTestId("header-user")).toBeInTheDocument();
    act(() => {
      clearAccessToken();
      notifySessionChanged();
    });
    expect(screen.queryByTestId("header-user")).toBeNull();
  });
});
