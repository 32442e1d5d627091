import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import { storage } from "../../../../providers/storage";
import { DraftKeyPrefix, StorageKey } from "../../../../providers/storageKeys";
import ServiceFilesPage from "../../../../resources/serviceRecords/ServiceFilesPage";
import { draftKey, readDraft, writeDraft } from "../../../../resources/serviceRecords/useDraft";
import { renderInRefine, storeSession } from "../../access/refineHarness";
import { fakeNotifier, restoreNetwork, stubNetwork } from "../../providers/network";
import { archiveReply, COMP, sentTo } from "./archiveHarness";

// The visit form's draft is tested in serviceRecordDraft.test.tsx: after a test that typed into that
// form, the archive page's first lazy render fails in this harness (a sync update while it suspends).

const EDIT = [MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT];

afterEach(() => restoreNetwork());

/** The signed-in user becomes another one (a sign-in in the same browser). */
const signInAs = (id: number) => storage.set(StorageKey.USER_INFO, { id, name: `用户${id}`, avatar: null });

const answersDraftKey = (userId: number) => draftKey(DraftKeyPrefix.ANSWERS, userId, Number(COMP), "IP")!;

describe("a question tab's draft", () => {
  async function openIpTab() {
    fireEvent.click(await screen.findByTestId("archive-tab-IP"));
    return screen.findByTestId("answer-Q1");
  }

  it("is saved as the user types, offered after a reload, restored into editing, and cleared by Save", async () => {
    storeSession(EDIT);
    fakeNotifier();
    const seen = stubNetwork(archiveReply());
    const first = renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    await openIpTab();
    fireEvent.click(screen.getByTestId("question-edit"));
    fireEvent.change(screen.getByTestId("answer-Q2"), { target: { value: "研发投入约500万" } });
    await waitFor(() => expect(readDraft(answersDraftKey(1))?.values).toEqual({ Q1: "10", Q2: "研发投入约500万" }));
    first.unmount();

    renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    await openIpTab();
    expect(await screen.findByTestId("draft-notice")).toBeInTheDocument();
    expect(screen.getByTestId("answer-Q2")).toHaveValue("");
    fireEvent.click(screen.getByTestId("draft-restore"));
    await waitFor(() => expect(screen.getByTestId("answer-Q2")).toHaveValue("研发投入约500万"));
    expect(screen.getByTestId("answer-Q2")).not.toHaveAttribute("readonly");
    fireEvent.click(screen.getByTestId("question-save"));
    await waitFor(() =>
      expect(sentTo(seen, "/api/archives/serviceAnswer")).toEqual([[{ compId: Number(COMP), questionNo: "Q2", currentAnswer: "研发投入约500万", version: 0 }]]),
    );
    await waitFor(() => expect(readDraft(answersDraftKey(1))).toBeNull());
  });

  it("is removed by 丢弃 and by Cancel, and not offered to another user", async () => {
    storeSession(EDIT);
    stubNetwork(archiveReply());
    writeDraft(answersDraftKey(1), { Q1: "草稿回答" });
    signInAs(2);
    const other = renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    await openIpTab();
    await screen.findByTestId("question-edit");
    expect(screen.queryByTestId("draft-notice")).toBeNull();
    other.unmount();

    signInAs(1);
    const first = renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    await openIpTab();
    fireEvent.click(await screen.findByTestId("draft-discard"));
    await waitFor(() => expect(screen.queryByTestId("draft-notice")).toBeNull());
    expect(readDraft(answersDraftKey(1))).toBeNull();
    expect(screen.getByTestId("answer-Q1")).toHaveValue("10");
    first.unmount();

    renderInRefine(`/serviceFiles?id=${COMP}`, <ServiceFilesPage />);
    await openIpTab();
    fireEvent.click(screen.getByTestId("question-edit"));
    fireEvent.change(screen.getByTestId("answer-Q1"), { target: { value: "11" } });
    await waitFor(() => expect(readDraft(answersDraftKey(1))).not.toBeNull());
    fireEvent.click(screen.getByTestId("question-cancel"));
    await waitFor(() => expect(screen.getByTestId("answer-Q1")).toHaveValue("10"));
    expect(readDraft(answersDraftKey(1))).toBeNull();
  });
});
