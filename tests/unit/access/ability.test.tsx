import { CanAccess, useCan } from "@refinedev/core";
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MenuCode } from "../../../contract/menus";
import { endSession } from "../../../providers/session/userSession";
import { storage } from "../../../providers/storage";
import { StorageKey } from "../../../providers/storageKeys";
import { appAbility, buildAbility, readStoredMenuCodes, syncAbilityWithStorage } from "../../../providers/ability";
import { notifySessionChanged } from "../../../providers/session/storedUser";
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
  const canLogs = useCan({ resource: "logs", action: "list" }).data?.can === true;
  return (
    <div>
      <CanAccess resource="users" action="list">
        <button data-testid="users-button">users</button>
      </CanAccess>
      <CanAccess resource="serviceRecords" action="export" params={{ menuCode: MenuCode.SERVICE_FILES_EXPORT }}>
        <button data-testid="export-button">export</button>
      </CanAccess>
      {canLogs && <span data-testid="logs-link">logs</span>}
    </div>
  );
}

describe("elements gated by menu codes through Refine's access control (SPEC 6)", () => {
  it("removes an element whose code the user lacks and shows one whose code is held", async () => {
    storeSession([MenuCode.ADMIN_LOGS, MenuCode.SERVICE_FILES_EXPORT]);
    renderInRefine("/", <Gated />);
    expect(await screen.findByTestId("logs-link")).toBeInTheDocument();
    expect(await screen.findByTestId("export-button")).toBeInTheDocument();
    expect(screen.queryByTestId("users-button")).toBeNull();
  });

  it("rebuilds the ability at sign-in and sign-out", async () => {
    renderInRefine("/", <Gated />);
    await waitFor(() => expect(appAbility.can("view", MenuCode.ADMIN_USERS)).toBe(false));
    expect(screen.queryByTestId("users-button")).toBeNull();

    act(() => {
      storeSession([MenuCode.ADMIN_USERS]);
      notifySessionChanged();
    });
    expect(await screen.findByTestId("users-button")).toBeInTheDocument();
    expect(appAbility.can("view", MenuCode.ADMIN_USERS)).toBe(true);

    act(() => endSession());
    await waitFor(() => expect(screen.queryByTestId("users-button")).toBeNull());
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
    const { createAccessControlProvider } = await import("../../../providers/accessControl");
    const { menuCodeOf } = await import("../../../resources");
    await expect(createAccessControlProvider(menuCodeOf).can!({ resource: "unknown", action: "list" })).resolves.toEqual({ can: true });
  });

  it("takes the menu code a check names over its resource's, and any one of several", async () => {
    storeSession([MenuCode.ADMIN_SESSIONS]);
    syncAbilityWithStorage();
    const { createAccessControlProvider } = await import("../../../providers/accessControl");
    const { menuCodeOf } = await import("../../../resources");
    const can = createAccessControlProvider(menuCodeOf).can!;
    const sessions = { menuCode: MenuCode.ADMIN_SESSIONS };
    const either = { menuCode: [MenuCode.ADMIN_USERS_EDIT, MenuCode.ADMIN_SESSIONS] };
    await expect(can({ resource: "sessions", action: "list", params: sessions })).resolves.toMatchObject({ can: true });
    await expect(can({ resource: "logs", action: "list", params: { menuCode: MenuCode.ADMIN_USERS_EDIT } })).resolves.toMatchObject({ can: false });
    await expect(can({ resource: "userManage", action: "list", params: either })).resolves.toMatchObject({ can: true });
  });
});
