import { act, fireEvent, render as renderUi, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConfigProvider, Form } from "antd";
import type { ReactElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES } from "../../../contract/files";
import { FileUpload } from "../../../src/components/FileUpload";
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

describe("FileUpload", () => {
  beforeEach(installFakeXhr);
  afterEach(() => vi.unstubAllGlobals());

  it("sends a chosen file to /api/files/upload in the field `file` and lists it with a download link", async () => {
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
    expect(screen.getByRole("link", { name: "纪要.docx" })).toHaveAttribute("href", "/api/open/download/f1");
  });

  it("uses the upload path and field the caller gives", async () => {
    const { container } = render(<FileUpload maxCount={1} path="/api/avatar" field="avatar" />);
    await user().upload(fileInput(container), fileOf("me.png"));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].url).toBe("/api/avatar");
    expect(FakeXhr.sent[0].fileIn("avatar")?.name).toBe("me.png");
  });

  it("refuses a file that is too large or of another type with the caller's message, sending nothing", async () => {
    const onChange = vi.fn();
    const { container } = render(
      <FileUpload
        maxCount={1}
        accept={ATTACHMENT_EXTENSIONS}
        maxBytes={ATTACHMENT_MAX_BYTES}
        rejectMessage="文件大小不能超过10MB!"
        onChange={onChange}
      />,
    );
    expect(fileInput(container)).toHaveAttribute("accept", ".docx,.xlsx,.pptx");

    await user().upload(fileInput(container), fileOf("年报.xlsx", ATTACHMENT_MAX_BYTES));
    expect(await screen.findByText("文件大小不能超过10MB!")).toBeInTheDocument();
    await user().upload(fileInput(container), fileOf("照片.png"));
    await waitFor(() => expect(screen.getAllByText("文件大小不能超过10MB!")).toHaveLength(2));

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

  it("lists files already stored, with download links, and removes one on request", async () => {
    const onChange = vi.fn();
    render(<FileUpload maxCount={3} value={["a1", "b2"]} fileNames={{ a1: "方案.pptx" }} onChange={onChange} />);
    expect(screen.getByRole("link", { name: "方案.pptx" })).toHaveAttribute("href", "/api/open/download/a1");
    expect(screen.getByRole("link", { name: "附件 2" })).toHaveAttribute("href", "/api/open/download/b2");

    const row = screen.getByText("方案.pptx").closest(".ant-upload-list-item") as HTMLElement;
    fireEvent.click(row.querySelector("button") as HTMLElement);
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

    const row = screen.getByText("a.docx").closest(".ant-upload-list-item") as HTMLElement;
    fireEvent.click(row.querySelector("button") as HTMLElement);
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
    expect(screen.getByRole("link", { name: "附件 1" })).toHaveAttribute("href", "/api/open/download/x9");
    await user().upload(fileInput(container), fileOf("b.docx"));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0].respond(200, stored("y1", "b.docx")));
    await screen.findByRole("link", { name: "b.docx" });

    fireEvent.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ attachment: ["x9", "y1"] }));
  });

  it("shows stored files read-only when disabled", () => {
    render(<FileUpload maxCount={1} value={["a1"]} disabled />);
    expect(screen.getByRole("link", { name: "附件 1" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /上传文件/ })).not.toBeInTheDocument();
  });
});
