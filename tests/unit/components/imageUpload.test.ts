import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createImageUploadFn } from "../../../src/components/RichTextEditor/imageUpload";
import { FakeXhr, installFakeXhr, stored } from "./fakeXhr";

const braftCallbacks = () => ({ progress: vi.fn(), success: vi.fn(), error: vi.fn() });
const image = () => new File(["png"], "wafer.png", { type: "image/png" });

describe("the editor's image upload", () => {
  beforeEach(installFakeXhr);
  afterEach(() => vi.unstubAllGlobals());

  it("posts the image to the upload call in the field `file` with the caller's headers and the user's language", async () => {
    const upload = createImageUploadFn({ authHeaders: async () => ({ Authorization: "Bearer t1" }) });
    upload({ file: image(), libraryId: "1", ...braftCallbacks() });
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const [request] = FakeXhr.sent;
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/api/files/upload");
    expect(request.headers).toEqual({ "Accept-Language": "zh-CN", Authorization: "Bearer t1" });
    expect(request.fileIn("file")?.name).toBe("wafer.png");
  });

  it("reports progress and inserts the stored image by its download address", async () => {
    const callbacks = braftCallbacks();
    createImageUploadFn()({ file: image(), libraryId: "1", ...callbacks });
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0].progress(50, 100);
    expect(callbacks.progress).toHaveBeenCalledWith(50);
    FakeXhr.sent[0].respond(200, stored("img 7", "wafer.png"));
    await vi.waitFor(() => expect(callbacks.success).toHaveBeenCalled());
    expect(callbacks.success.mock.calls[0][0]).toMatchObject({
      url: "/api/open/download/img%207",
      meta: { title: "wafer.png", alt: "wafer.png" },
    });
    expect(callbacks.error).not.toHaveBeenCalled();
  });

  it("reports a refused upload to braft and passes the server's reason on", async () => {
    const callbacks = braftCallbacks();
    const onFailure = vi.fn();
    createImageUploadFn({ onFailure })({ file: image(), libraryId: "1", ...callbacks });
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0].respond(413, { code: 413, message: "文件过大" });
    await vi.waitFor(() => expect(callbacks.error).toHaveBeenCalledWith({ msg: "文件过大" }));
    expect(onFailure).toHaveBeenCalledWith("文件过大");
    expect(callbacks.success).not.toHaveBeenCalled();
  });

  it("treats a network failure as an error without a server reason", async () => {
    const callbacks = braftCallbacks();
    const onFailure = vi.fn();
    createImageUploadFn({ onFailure })({ file: image(), libraryId: "1", ...callbacks });
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0].fail();
    await vi.waitFor(() => expect(onFailure).toHaveBeenCalledWith(undefined));
    expect(callbacks.error).toHaveBeenCalled();
  });
});
