import { useCan } from "@refinedev/core";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MenuCode } from "../../../contract/menus";
import { endSession } from "../../../providers/session/userSession";
import { storage } from "../../../providers/storage";
import { StorageKey } from "../../../providers/storageKeys";
import { AccessProvider } from "../../../src/access/AccessProvider";
import { appAbility, buildAbility, readStoredMenuCodes, syncAbilityWithStorage } from "../../../src/access/ability";
import { Can, useCanMenu } from "../../../src/access/Can";
import { notifySessionChanged } from "../../../src/session/storedUser";
import { renderInRefine, storeSession } from "./refineHarness";

afterEach(() => {
  localStorage.clear();
  syncAbilityWithStorage();
});

describe("the ability built from menu codes", () => {
  it("allows exactly the codes it is built from", () => {
    const ability = buildAbility([MenuCode.ADMIN_USERS, MenuCode.SERVICE_FILES]);
    expect(ability.can("view", MenuCode.ADMIN_USERS)).toBe(true);
    expect(ability.can("view", MenuCode.SERVICE_FILES)).toBe(true);
    expect(ability.can("view", MenuCode.ADMIN_LOGS)).toBe(false);
    expect(ability.can("view", MenuCode.ADMIN)).toBe(false);
  });

  it("reads the codes of the stored auth list and ignores malformed entries", () => {
    storage.set(StorageKey.AUTH, [{ menuCode: MenuCode.ADMIN_LOGS }, { nope: 1 }, null, { menuCode: "" }]);
    expect(readStoredMenuCodes()).toEqual([MenuCode.ADMIN_LOGS]);
    localStorage.setItem(StorageKey.AUTH, "not json");
    expect(readStoredMenuCodes()).toEqual([]);
  });
});

function Gated() {
  const canLogs = useCanMenu(MenuCode.ADMIN_LOGS);
  return (
    <div>
      <Can I="view" a={MenuCode.ADMIN_USERS}>
        <button data-testid="users-button">users</button>
      </Can>
      {canLogs && <span data-testid="logs-link">logs</span>}
    </div>
  );
}

describe("elements gated by menu codes (SPEC 6)", () => {
  it("removes an element whose code the user lacks and shows one whose code is held", () => {
    storage.set(StorageKey.AUTH, [{ menuCode: MenuCode.ADMIN_LOGS }]);
    render(
      <AccessProvider>
        <Gated />
      </AccessProvider>,
    );
    expect(screen.queryByTestId("users-button")).toBeNull();
    expect(screen.getByTestId("logs-link")).toBeInTheDocument();
  });

  it("rebuilds the ability at sign-in and sign-out", () => {
    render(
      <AccessProvider>
        <Gated />
      </AccessProvider>,
    );
    expect(screen.queryByTestId("users-button")).toBeNull();

    act(() => {
      storeSession([MenuCode.ADMIN_USERS]);
      notifySessionChanged();
    });
    expect(screen.getByTestId("users-button")).toBeInTheDocument();
    expect(appAbility.can("view", MenuCode.ADMIN_USERS)).toBe(true);

    act(() => endSession());
    expect(screen.queryByTestId("users-button")).toBeNull();
    expect(appAbility.can("view", MenuCode.ADMIN_USERS)).toBe(false);
  });
});

function CanLogs() {
  const { data } = useCan({ resource: "logs", action: "list" });
  return <span data-testid="can-logs">{data === undefined ? "pending" : String(data.can)}</span>;
}

describe("Refine's access control", () => {
  it("answers from the ability and asks again after the session changes (its cache is cleared)", async () => {
    storeSession([MenuCode.ADMIN_LOGS]);
    renderInRefine("/", <CanLogs />);
    await waitFor(() => expect(screen.getByTestId("can-logs")).toHaveTextContent("true"));

    act(() => endSession());
    await waitFor(() => expect(screen.getByTestId("can-logs")).toHaveTextContent("false"));

    act(() => {
      storeSession([MenuCode.ADMIN_LOGS]);
      notifySessionChanged();
    });
    await waitFor(() => expect(screen.getByTestId("can-logs")).toHaveTextContent("true"));
  });

  it("leaves a resource without a menu code open", async () => {
    const { accessControlProvider } = await import("../../../providers/accessControl");
    await expect(accessControlProvider.can!({ resource: "unknown", action: "list" })).resolves.toEqual({ can: true });
  });
});
