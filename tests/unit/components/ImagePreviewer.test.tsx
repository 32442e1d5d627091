import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ImagePreviewer } from "../../../src/components/ImagePreviewer";

const image = () => screen.getByRole("img", { name: "营业执照" });
const press = (name: string, times = 1) => {
  for (let i = 0; i < times; i += 1) fireEvent.click(screen.getByRole("button", { name }));
};

function open(props: Partial<Parameters<typeof ImagePreviewer>[0]> = {}) {
  const onClose = vi.fn();
  const view = render(<ImagePreviewer open src="/api/open/download/lic" alt="营业执照" onClose={onClose} {...props} />);
  return { ...view, onClose };
}

describe("ImagePreviewer", () => {
  it("shows nothing while closed", () => {
    open({ open: false });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows the image at most 80% of the window, animating changes over 500 ms", () => {
    open();
    expect(screen.getByRole("dialog", { name: "图片预览" })).toBeInTheDocument();
    expect(image()).toHaveAttribute("src", "/api/open/download/lic");
    expect(image().style.maxWidth).toBe("80vw");
    expect(image().style.maxHeight).toBe("80vh");
    expect(image().style.transition).toBe("transform 500ms");
    expect(image().style.transform).toBe("rotate(0deg) scale(1)");
  });

  it("takes another maximum size from the caller", () => {
    open({ maxSizeRatio: 0.5 });
    expect(image().style.maxWidth).toBe("50vw");
  });

  it("turns the image by 90 degrees to the left and to the right", () => {
    open();
    press("向左旋转");
    expect(image().style.transform).toBe("rotate(-90deg) scale(1)");
    press("向右旋转", 2);
    expect(image().style.transform).toBe("rotate(90deg) scale(1)");
  });

  it("zooms in and out in steps of 0.1, never below 0.1", () => {
    open();
    press("放大");
    expect(image().style.transform).toBe("rotate(0deg) scale(1.1)");
    press("放大");
    expect(image().style.transform).toBe("rotate(0deg) scale(1.2)");
    press("缩小", 3);
    expect(image().style.transform).toBe("rotate(0deg) scale(0.9)");
    press("缩小", 20);
    expect(image().style.transform).toBe("rotate(0deg) scale(0.1)");
    press("放大");
    expect(image().style.transform).toBe("rotate(0deg) scale(0.2)");
  });

  it("closes with the close button, with Escape and by clicking beside the image, not on it", async () => {
    const { onClose } = open();
    fireEvent.click(image());
    expect(onClose).not.toHaveBeenCalled();
    press("关闭");
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole("dialog"));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it("opens again unturned at scale 1", () => {
    const { rerender, onClose } = open();
    press("向右旋转");
    press("放大");
    rerender(<ImagePreviewer open={false} src="/api/open/download/lic" alt="营业执照" onClose={onClose} />);
    rerender(<ImagePreviewer open src="/api/open/download/lic" alt="营业执照" onClose={onClose} />);
    expect(image().style.transform).toBe("rotate(0deg) scale(1)");
  });
});
