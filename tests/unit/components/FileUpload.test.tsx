import { act, fireEvent, render as renderUi, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConfigProvider, Form } from "antd";
import type { ReactElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES, IMAGE_EXTENSIONS } from "../../../contract/files";
import { setAccessToken } from "../../../providers/tokenStore";
import { FileUpload, useUploadGuard } from "../../../src/components/FileUpload";
import { fakeNotifier, restoreNetwork, stubNetwork } from "../providers/network";
import { FakeXhr, installFakeXhr, stored } from "./fakeXhr";

// jsdom never ends CSS animations: without this a removed row would stay, leaving, forever.
const render = (ui: ReactElement) => renderUi(<ConfigProvider theme={{ token: { motion: false } }}>{ui}</ConfigProvider>);

const fileInput = (container: HTMLElement) => container.querySelector('input[type="file"]') as HTMLInputElement;

function fileOf(name: string, size = 3): File {
  const file = new File(["doc"], name);
  Object.defineProperty(file, "size", { value: size });
  return file;
}

// The browser's picker would already hide files outside `accept`; these tests hand them over anyway.
const user = () => userEvent.setup({ applyAccept: false });

/** A row's action button by antd's (English, no locale given) title. */
const rowButton = (name: string, title: "Remove file" | "Download file") =>
  (screen.getByText(name).closest(".ant-upload-list-item") as HTMLElement).querySelector(`button[title="${title}"]`) as HTMLElement;

/** Records the files handed to the browser as saves. */
function catchSaves(): HTMLAnchorElement[] {
  Object.assign(URL, { createObjectURL: vi.fn(() => "blob:file"), revokeObjectURL: vi.fn() });
  const saved: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this);
  });
  return saved;
}

describe("FileUpload", () => {
  beforeEach(installFakeXhr);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    restoreNetwork();
  });

  it("sends a chosen file to /api/files/upload in the field `file` and lists it", async () => {
    const onChange = vi.fn();
    const { container } = render(
      <FileUpload maxCount={1} onChange={onChange} authHeaders={() => ({ Authorization: "Bearer t1" })} />,
    );
    await user().upload(fileInput(container), fileOf("纪要.docx"));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const [request] = FakeXhr.sent;
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/api/files/upload");
    expect(request.headers.Authorization).toBe("Bearer t1");
    expect(request.fileIn("file")?.name).toBe("纪要.docx");

    act(() => request.respond(200, stored("f1", "纪要.docx")));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(["f1"]));
    expect(screen.getByText("纪要.docx")).toBeInTheDocument();
  });

  it("downloads a listed file with the token instead of linking it, under the name the server gives", async () => {
    setAccessToken({ access_token: "at-1", token_type: "bearer", expires_in: Date.now() + 3_600_000 });
    const seen = stubNetwork(() => ({
      data: new Blob(["docx"]),
      headers: { "content-type": "application/octet-stream", "content-disposition": "attachment; filename=\"a.docx\"; filename*=UTF-8''%E7%BA%AA%E8%A6%81.docx" },
    }));
    const saved = catchSaves();
    render(<FileUpload maxCount={1} value={["a1"]} fileNames={{ a1: "纪要.docx" }} />);
    expect(screen.queryByRole("link", { name: "纪要.docx" })).not.toBeInTheDocument();

    fireEvent.click(screen.getByText("纪要.docx"));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(seen[0]).toMatchObject({ method: "get", url: "/api/open/download/a1", responseType: "blob" });
    expect(seen[0].headers.Authorization).toBe("bearer at-1");
    expect(saved[0].download).toBe("纪要.docx");

    fireEvent.click(rowButton("纪要.docx", "Download file"));
    await waitFor(() => expect(saved).toHaveLength(2));
  });

  it("says why a download was refused, and saves nothing", async () => {
    const toasts = fakeNotifier();
    stubNetwork(() => ({
      status: 403,
      data: new Blob([JSON.stringify({ code: 403, message: "没有权限执行此操作" })], { type: "application/json" }),
      headers: { "content-type": "application/json" },
    }));
    const saved = catchSaves();
    render(<FileUpload maxCount={1} value={["a1"]} fileNames={{ a1: "纪要.docx" }} />);
    fireEvent.click(screen.getByText("纪要.docx"));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith("没有权限执行此操作"));
    expect(saved).toHaveLength(0);
  });

  it("links stored images by address, as <img> reaches them without a token", () => {
    const { container } = render(<FileUpload maxCount={1} value={["p1"]} listType="picture-card" />);
    expect(container.querySelector(".ant-upload-list-item img")).toHaveAttribute("src", "/api/open/download/p1");
    render(<FileUpload maxCount={1} value={["p2"]} fileNames={{ p2: "头像" }} accept={IMAGE_EXTENSIONS} />);
    expect(screen.getByRole("link", { name: "头像" })).toHaveAttribute("href", "/api/open/download/p2");
  });

  it("uses the upload path and field the caller gives", async () => {
    const { container } = render(<FileUpload maxCount={1} path="/api/avatar" field="avatar" />);
    await user().upload(fileInput(container), fileOf("me.png"));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].url).toBe("/api/avatar");
    expect(FakeXhr.sent[0].fileIn("avatar")?.name).toBe("me.png");
  });

  it("refuses a file that is too large or of another type with the caller's message for each rule, sending nothing", async () => {
    const onChange = vi.fn();
    const { container } = render(
      <FileUpload
        maxCount={1}
        accept={ATTACHMENT_EXTENSIONS}
        maxBytes={ATTACHMENT_MAX_BYTES}
        rejectMessages={{ size: "文件大小不能超过10MB!", type: "仅支持 .docx、.xlsx、.pptx 格式的文件" }}
        onChange={onChange}
      />,
    );
    expect(fileInput(container)).toHaveAttribute("accept", ".docx,.xlsx,.pptx");

    await user().upload(fileInput(container), fileOf("年报.xlsx", ATTACHMENT_MAX_BYTES));
    expect(await screen.findByText("文件大小不能超过10MB!")).toBeInTheDocument();
    await user().upload(fileInput(container), fileOf("照片.png"));
    expect(await screen.findByText("仅支持 .docx、.xlsx、.pptx 格式的文件")).toBeInTheDocument();

    expect(FakeXhr.sent).toHaveLength(0);
    expect(screen.queryByText("年报.xlsx")).not.toBeInTheDocument();
    expect(screen.queryByText("照片.png")).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("accepts a file just under the limit", async () => {
    const { container } = render(<FileUpload maxCount={1} accept={ATTACHMENT_EXTENSIONS} maxBytes={ATTACHMENT_MAX_BYTES} />);
    await user().upload(fileInput(container), fileOf("汇报.PPTX", ATTACHMENT_MAX_BYTES - 1));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  });

  it("explains a refusal in its own words when the caller gives none", async () => {
    const { container } = render(<FileUpload maxCount={1} accept={["docx"]} maxBytes={1024} />);
    await user().upload(fileInput(container), fileOf("a.docx", 2048));
    expect(await screen.findByText("文件大小不能超过1KB!")).toBeInTheDocument();
    await user().upload(fileInput(container), fileOf("a.pdf"));
    expect(await screen.findByText("只能上传 docx 格式的文件!")).toBeInTheDocument();
  });

  it("uploads no more files than the maximum and then hides the button", async () => {
    const onChange = vi.fn();
    const { container } = render(<FileUpload maxCount={2} onChange={onChange} />);
    await user().upload(fileInput(container), [fileOf("1.docx"), fileOf("2.docx"), fileOf("3.docx")]);

    expect(await screen.findByText("最多只能上传 2 个文件")).toBeInTheDocument();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent.map((request) => request.fileIn("file")?.name)).toEqual(["1.docx", "2.docx"]);
    expect(screen.queryByText("3.docx")).not.toBeInTheDocument();

    act(() => FakeXhr.sent[0].respond(200, stored("f1", "1.docx")));
    act(() => FakeXhr.sent[1].respond(200, stored("f2", "2.docx")));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(["f1", "f2"]));
    expect(screen.queryByRole("button", { name: /上传文件/ })).not.toBeInTheDocument();
  });

  it("with a maximum of one, a new file replaces the old one", async () => {
    const onChange = vi.fn();
    const { container } = render(<FileUpload maxCount={1} value={["old"]} fileNames={{ old: "旧.docx" }} onChange={onChange} />);
    await user().upload(fileInput(container), fileOf("新.docx"));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0].respond(200, stored("new", "新.docx")));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(["new"]));
    expect(screen.queryByText("旧.docx")).not.toBeInTheDocument();
  });

  it("lists files already stored, by name, and removes one on request", async () => {
    const onChange = vi.fn();
    render(<FileUpload maxCount={3} value={["a1", "b2"]} fileNames={{ a1: "方案.pptx" }} onChange={onChange} />);
    expect(screen.getByText("方案.pptx")).toBeInTheDocument();
    expect(screen.getByText("附件 2")).toBeInTheDocument();

    fireEvent.click(rowButton("方案.pptx", "Remove file"));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(["b2"]));
  });

  it("shows the server's reason when it refuses the file, and keeps the value", async () => {
    const onChange = vi.fn();
    const { container } = render(<FileUpload maxCount={1} onChange={onChange} />);
    await user().upload(fileInput(container), fileOf("a.docx"));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0].respond(200, { code: 500, message: "存储空间不足" }));
    expect(await screen.findByText("存储空间不足")).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("names the file when the upload fails without a reason", async () => {
    const { container } = render(<FileUpload maxCount={1} />);
    await user().upload(fileInput(container), fileOf("a.docx"));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0].fail());
    expect(await screen.findByText("a.docx 上传失败")).toBeInTheDocument();
  });

  it("cancels the request of a file removed while it uploads, without reporting a failure", async () => {
    const onChange = vi.fn();
    const { container } = render(<FileUpload maxCount={2} onChange={onChange} />);
    await user().upload(fileInput(container), fileOf("a.docx"));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const abort = vi.spyOn(FakeXhr.sent[0], "abort");

    fireEvent.click(rowButton("a.docx", "Remove file"));
    await waitFor(() => expect(screen.queryByText("a.docx")).not.toBeInTheDocument());
    expect(abort).toHaveBeenCalled();
    expect(screen.queryByText(/上传失败/)).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("works as an antd Form field holding file ids", async () => {
    const onFinish = vi.fn();
    const { container } = render(
      <Form onFinish={onFinish} initialValues={{ attachment: ["x9"] }}>
        <Form.Item name="attachment">
          <FileUpload maxCount={2} />
        </Form.Item>
        <button type="submit">保存</button>
      </Form>,
    );
    expect(screen.getByText("附件 1")).toBeInTheDocument();
    await user().upload(fileInput(container), fileOf("b.docx"));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0].respond(200, stored("y1", "b.docx")));
    await waitFor(() => expect(rowButton("b.docx", "Download file")).toBeInTheDocument());

    fireEvent.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ attachment: ["x9", "y1"] }));
  });

  it("keeps a form from saving while its file is still being sent, and saves it with the file once in", async () => {
    const onFinish = vi.fn();
    function Guarded() {
      const uploads = useUploadGuard();
      return (
        <Form onFinish={onFinish}>
          <Form.Item name="attachment" rules={[uploads.rule]}>
            <FileUpload maxCount={1} onPendingChange={uploads.onPendingChange} />
          </Form.Item>
          <button type="submit">保存</button>
        </Form>
      );
    }
    const { container } = render(<Guarded />);
    await user().upload(fileInput(container), fileOf("纪要.docx"));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));

    fireEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText("文件仍在上传，请上传完成后再保存")).toBeInTheDocument();
    expect(onFinish).not.toHaveBeenCalled();

    act(() => FakeXhr.sent[0].respond(200, stored("f1", "纪要.docx")));
    await waitFor(() => expect(screen.queryByText("文件仍在上传，请上传完成后再保存")).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ attachment: ["f1"] }));
  });

  it("shows stored files read-only when disabled", () => {
    render(<FileUpload maxCount={1} value={["a1"]} disabled />);
    expect(rowButton("附件 1", "Download file")).toBeInTheDocument();
    expect(rowButton("附件 1", "Remove file")).toBeNull();
    expect(screen.queryByRole("button", { name: /上传文件/ })).not.toBeInTheDocument();
  });
});
