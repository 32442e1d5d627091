import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { StorageKey } from "../../../providers/storageKeys";
import { setAccessToken } from "../../../providers/tokenStore";
import { closeLoginPrompt } from "../../../src/session/sessionDialogs";
import { useRequireLogin } from "../../../src/session/useRequireLogin";
import { renderAt } from "./renderApp";

/** A search box that needs a user, as the home page's patent search does. */
function SearchBox() {
  const requireLogin = useRequireLogin();
  const [searched, setSearched] = useState(false);
  return (
    <button type="button" onClick={() => setSearched(requireLogin())}>
      {searched ? "searched" : "search"}
    </button>
  );
}

afterEach(() => {
  closeLoginPrompt();
});

describe("useRequireLogin (SPEC 4 logged-in test)", () => {
  it("lets a logged-in user through without a prompt", async () => {
    localStorage.setItem(StorageKey.USER_INFO, JSON.stringify({ id: 7, name: "王芯" }));
    setAccessToken({ access_token: "at", token_type: "bearer", expires_in: Date.now() + 60_000 });
    renderAt("/", "/", <SearchBox />);
    await userEvent.click(screen.getByRole("button", { name: "search" }));
    expect(screen.getByRole("button", { name: "searched" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("prompts 'You are not logged in, log in now?' without a stored id or token, and Log in now leads to /login/index", async () => {
    localStorage.setItem(StorageKey.USER_INFO, JSON.stringify({ id: 7, name: "王芯" }));
    renderAt("/", "/", <SearchBox />);
    await userEvent.click(screen.getByRole("button", { name: "search" }));
    expect(screen.getByRole("button", { name: "search" })).toBeInTheDocument();
    expect(await screen.findByTestId("login-prompt-hint")).toHaveTextContent("您还未登录，是否立即登录？");
    await userEvent.click(screen.getByTestId("login-prompt-confirm"));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/login/index"));
    expect(localStorage.getItem(StorageKey.USER_INFO)).toBeNull();
  });

  it("Cancel stays on the page", async () => {
    renderAt("/", "/", <SearchBox />);
    await userEvent.click(screen.getByRole("button", { name: "search" }));
    await userEvent.click(await screen.findByTestId("login-prompt-cancel"));
    expect(screen.getByTestId("where").textContent).toBe("/");
  });
});
