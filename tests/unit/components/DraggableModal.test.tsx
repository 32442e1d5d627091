import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DraggableModal } from "../../../src/components/DraggableModal";

/** The element react-draggable moves: the nearest ancestor carrying its transform. */
function frameOf(element: HTMLElement): HTMLElement {
  let node: HTMLElement | null = element;
  while (node && !node.style.transform) node = node.parentElement;
  if (!node) throw new Error("no draggable frame around the element");
  return node;
}

function drag(handle: HTMLElement, from: { x: number; y: number }, to: { x: number; y: number }) {
  fireEvent.mouseDown(handle, { clientX: from.x, clientY: from.y, button: 0 });
  fireEvent.mouseMove(document, { clientX: to.x, clientY: to.y });
  fireEvent.mouseUp(document, { clientX: to.x, clientY: to.y });
}

afterEach(() => vi.restoreAllMocks());

describe("DraggableModal", () => {
  it("is an antd dialog with the caller's title, content and buttons", () => {
    const onOk = vi.fn();
    render(
      <DraggableModal open title="登录提示" width={440} onOk={onOk} okText="立即登录">
        您还未登录，是否立即登录？
      </DraggableModal>,
    );
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(screen.getByText("您还未登录，是否立即登录？")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "立即登录" }));
    expect(onOk).toHaveBeenCalled();
  });

  it("moves with the pointer when its title bar is dragged", () => {
    render(
      <DraggableModal open title="登录提示">
        内容
      </DraggableModal>,
    );
    const title = screen.getByText("登录提示");
    const frame = frameOf(title);
    expect(frame.style.transform).toBe("translate(0px,0px)");
    drag(title, { x: 100, y: 100 }, { x: 160, y: 140 });
    expect(frame.style.transform).toBe("translate(60px,40px)");
  });

  it("does not move when its body is dragged", () => {
    render(
      <DraggableModal open title="登录提示">
        内容
      </DraggableModal>,
    );
    const frame = frameOf(screen.getByText("登录提示"));
    drag(screen.getByText("内容"), { x: 100, y: 100 }, { x: 160, y: 140 });
    expect(frame.style.transform).toBe("translate(0px,0px)");
  });

  it("stays inside the window", () => {
    render(
      <DraggableModal open title="登录提示">
        内容
      </DraggableModal>,
    );
    const title = screen.getByText("登录提示");
    const frame = frameOf(title);
    // A 400 x 200 dialog centred in jsdom's 1024 x 768 window.
    vi.spyOn(frame, "getBoundingClientRect").mockReturnValue(new DOMRect(312, 284, 400, 200));
    drag(title, { x: 500, y: 300 }, { x: 5000, y: -5000 });
    expect(frame.style.transform).toBe("translate(312px,-284px)");
  });

  it("opens centred again after being moved and closed", () => {
    const { rerender } = render(
      <DraggableModal open title="登录提示">
        内容
      </DraggableModal>,
    );
    drag(screen.getByText("登录提示"), { x: 100, y: 100 }, { x: 160, y: 140 });
    rerender(
      <DraggableModal open={false} title="登录提示">
        内容
      </DraggableModal>,
    );
    rerender(
      <DraggableModal open title="登录提示">
        内容
      </DraggableModal>,
    );
    expect(frameOf(screen.getByText("登录提示")).style.transform).toBe("translate(0px,0px)");
  });
});
