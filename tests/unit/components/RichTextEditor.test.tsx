import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LazyRichTextEditor } from "../../../src/components/RichTextEditor";
import { I18nContext } from "../../../src/i18n/I18nContext";
import { translator } from "../../../i18n/translate";
import { FakeXhr, installFakeXhr, stored } from "./fakeXhr";

// braft and Draft.js are React 16 era code; React's notices about the old APIs they use say
// nothing about this project and would bury real failures.
const LEGACY_API_NOTICES = ["has been renamed", "ReactDOM.render is no longer supported", "findDOMNode is deprecated", "unmountComponentAtNode is deprecated"];

function hideLegacyNotices(channel: "warn" | "error") {
  const original = console[channel].bind(console);
  vi.spyOn(console, channel).mockImplementation((...args: unknown[]) => {
    const text = typeof args[0] === "string" ? args[0] : "";
    if (!LEGACY_API_NOTICES.some((notice) => text.includes(notice))) original(...args);
  });
}

beforeAll(() => {
  hideLegacyNotices("warn");
  hideLegacyNotices("error");
  // braft's media dialog scrolls the window, which jsdom does not implement.
  vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
  URL.createObjectURL = () => "blob:thumbnail";
});

async function renderEditor(props: Parameters<typeof LazyRichTextEditor>[0] = {}) {
  const view = render(<LazyRichTextEditor {...props} />);
  const editor = await screen.findByTestId("rich-text-editor", {}, { timeout: 10_000 });
  return { ...view, editor };
}

const toolbarTitles = (editor: HTMLElement) =>
  Array.from(editor.querySelectorAll(".bf-controlbar [data-title]")).map((node) => node.getAttribute("data-title"));

describe("LazyRichTextEditor", () => {
  beforeEach(installFakeXhr);
  afterEach(() => {
    vi.unstubAllGlobals();
    // braft renders its dialogs into roots of its own, outside React's tree, and leaves them there.
    document.querySelectorAll(".bf-modal-root").forEach((root) => root.remove());
  });

  it("shows a loading state, then an editable area with the placeholder 请输入内容...", async () => {
    render(<LazyRichTextEditor />);
    expect(screen.getByText("编辑器加载中...")).toBeInTheDocument();
    const editor = await screen.findByTestId("rich-text-editor", {}, { timeout: 10_000 });
    expect(within(editor).getByText("请输入内容...")).toBeInTheDocument();
    expect(editor.querySelector('[contenteditable="true"]')).not.toBeNull();
  });

  it("writes in a 400 px high area", async () => {
    const { editor } = await renderEditor();
    expect(editor.querySelector(".bf-content")).toHaveStyle({ height: "400px" });
  });

  it("offers formatting and images but no video", async () => {
    const { editor } = await renderEditor();
    const titles = toolbarTitles(editor);
    expect(titles).toEqual(expect.arrayContaining(["加粗", "媒体"]));
    expect(titles.join(" ")).not.toMatch(/视频|video/i);

    fireEvent.click(editor.querySelector("[data-title='媒体']") as Element);
    const picker = document.querySelector(".bf-modal input[type=file]") as HTMLInputElement;
    expect(picker.accept).toBe(".png,.jpg,.jpeg,.gif,.webp");
    expect(screen.queryByText(/网络资源/)).not.toBeInTheDocument();
  });

  it("uploads a picked image through the upload call and reports the new document", async () => {
    const onChange = vi.fn();
    const { editor } = await renderEditor({ onChange, authHeaders: () => ({ Authorization: "Bearer t1" }) });
    fireEvent.click(editor.querySelector("[data-title='媒体']") as Element);
    const picker = document.querySelector(".bf-modal input[type=file]") as HTMLInputElement;
    fireEvent.change(picker, { target: { files: [new File(["png"], "die.png", { type: "image/png" })] } });

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].url).toBe("/api/files/upload");
    expect(FakeXhr.sent[0].headers.Authorization).toBe("Bearer t1");
    expect(FakeXhr.sent[0].fileIn("file")?.name).toBe("die.png");
    act(() => FakeXhr.sent[0].respond(200, stored("img1", "die.png")));

    const insert = screen.getByText("插入所选项目");
    await waitFor(() => expect(insert).toBeEnabled());
    fireEvent.click(insert);
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const [html, content] = onChange.mock.calls.at(-1) as [string, { isEmpty: boolean; length: number }];
    expect(html).toContain('<img title="die.png" alt="die.png" src="/api/open/download/img1"/>');
    expect(content).toMatchObject({ isEmpty: false, length: 0 });
  });

  it("refuses a file that is not an image without uploading it", async () => {
    const { editor } = await renderEditor();
    fireEvent.click(editor.querySelector("[data-title='媒体']") as Element);
    const picker = document.querySelector(".bf-modal input[type=file]") as HTMLInputElement;
    fireEvent.change(picker, { target: { files: [new File(["x"], "movie.mp4", { type: "video/mp4" })] } });
    expect(await screen.findByText(/仅支持 png, jpg, jpeg, gif, webp 格式/)).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("shows a value given by the form, and a later one that replaces it", async () => {
    const { editor, rerender } = await renderEditor({ value: "<p>首次走访</p>" });
    expect(within(editor).getByText("首次走访")).toBeInTheDocument();
    rerender(<LazyRichTextEditor value="<p>第二次走访</p>" />);
    expect(await within(editor).findByText("第二次走访")).toBeInTheDocument();
    expect(within(editor).queryByText("首次走访")).not.toBeInTheDocument();
  });

  it("in read-only mode shows the content without a toolbar and cannot be edited", async () => {
    const { editor } = await renderEditor({ value: "<p>只读内容</p>", readOnly: true });
    expect(within(editor).getByText("只读内容")).toBeInTheDocument();
    expect(toolbarTitles(editor)).toEqual([]);
    expect(editor.querySelector('[contenteditable="true"]')).toBeNull();
  });

  it("speaks English when the app does", async () => {
    render(
      <I18nContext.Provider value={{ locale: "en", t: translator("en"), setLocale: () => undefined }}>
        <LazyRichTextEditor />
      </I18nContext.Provider>,
    );
    const editor = await screen.findByTestId("rich-text-editor", {}, { timeout: 10_000 });
    expect(within(editor).getByText("Please enter content...")).toBeInTheDocument();
    expect(toolbarTitles(editor)).toContain("Bold");
  });
});
