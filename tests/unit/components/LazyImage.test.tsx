import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LazyImage } from "../../../src/components/LazyImage";

// jsdom lays nothing out: each element reports the box the test gives it.
const boxes = new Map<string, { top: number; left?: number; height?: number }>();

function box(top: number, height = 100, left = 0): DOMRect {
  return { top, bottom: top + height, left, right: left + 100, width: 100, height, x: left, y: top, toJSON: () => ({}) };
}

beforeEach(() => {
  vi.useFakeTimers();
  boxes.clear();
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
    const key = this.getAttribute("data-box") ?? (this.getAttribute("role") === "img" ? "image" : "");
    const given = boxes.get(key);
    return given ? box(given.top, given.height, given.left) : box(0, 0);
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const placeholder = () => screen.getByRole("img", { name: "园区航拍" });
const loadedImage = () => document.querySelector("img");

describe("LazyImage", () => {
  it("loads at once when it starts inside the window", () => {
    boxes.set("image", { top: 100 });
    render(<LazyImage src="/a.png" alt="园区航拍" width={100} height={100} />);
    expect(loadedImage()).toHaveAttribute("src", "/a.png");
  });

  it("shows a placeholder below the fold and loads once scrolled into view, checking at most every 300 ms", () => {
    boxes.set("image", { top: 2000 });
    render(<LazyImage src="/a.png" alt="园区航拍" width={100} height={100} />);
    expect(placeholder()).toHaveAttribute("aria-busy", "true");
    expect(loadedImage()).toBeNull();

    boxes.set("image", { top: 300 });
    fireEvent.scroll(window);
    act(() => vi.advanceTimersByTime(299));
    expect(loadedImage()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(loadedImage()).toHaveAttribute("src", "/a.png");
    expect(loadedImage()).toHaveAttribute("alt", "园区航拍");
  });

  it("loads right away on the first scroll after a quiet moment", () => {
    boxes.set("image", { top: 2000 });
    render(<LazyImage src="/a.png" alt="园区航拍" />);
    act(() => vi.advanceTimersByTime(1000));
    boxes.set("image", { top: 300 });
    fireEvent.scroll(window);
    expect(loadedImage()).toHaveAttribute("src", "/a.png");
  });

  it("notices scrolling in an area of the page, not only of the window", () => {
    boxes.set("image", { top: 900 });
    render(
      <main data-testid="main" style={{ overflow: "auto", height: 600 }}>
        <LazyImage src="/b.png" alt="园区航拍" />
      </main>,
    );
    act(() => vi.advanceTimersByTime(1000));
    expect(loadedImage()).toBeNull();

    boxes.set("image", { top: 150 });
    fireEvent.scroll(screen.getByTestId("main"));
    expect(loadedImage()).toHaveAttribute("src", "/b.png");
  });

  it("does not load an image still outside the container that scrolls it", () => {
    const container = document.createElement("div");
    container.setAttribute("data-box", "panel");
    document.body.appendChild(container);
    boxes.set("panel", { top: 0, height: 200 });
    boxes.set("image", { top: 500 });
    render(<LazyImage src="/c.png" alt="园区航拍" scrollContainer={container} />, { container });

    fireEvent.scroll(container);
    act(() => vi.advanceTimersByTime(1000));
    expect(loadedImage()).toBeNull();

    boxes.set("image", { top: 120 });
    fireEvent.scroll(container);
    expect(loadedImage()).toHaveAttribute("src", "/c.png");
  });

  it("shows the caller's placeholder until then", () => {
    boxes.set("image", { top: 2000 });
    render(<LazyImage src="/a.png" alt="园区航拍" placeholder={<span>加载中…</span>} />);
    expect(screen.getByText("加载中…")).toBeInTheDocument();
  });
});
