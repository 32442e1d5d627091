import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Watermark } from "../../../src/components/Watermark";

const TILE_URL = "data:image/png;base64,VElMRQ==";

// jsdom has no 2D canvas: record what the component draws instead.
function stubCanvas() {
  const context = {
    translate: vi.fn(),
    rotate: vi.fn(),
    fillText: vi.fn(),
    font: "",
    fillStyle: "",
    textAlign: "",
    textBaseline: "",
  };
  const getContext = vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(context as never);
  vi.spyOn(HTMLCanvasElement.prototype, "toDataURL").mockReturnValue(TILE_URL);
  // The canvases drawn on are the `this` of each getContext call.
  return { canvases: getContext.mock.contexts as HTMLCanvasElement[], context };
}

describe("Watermark", () => {
  let canvas: ReturnType<typeof stubCanvas>;
  beforeEach(() => {
    canvas = stubCanvas();
  });
  afterEach(() => vi.restoreAllMocks());

  it("draws the text on a 200 x 150 tile turned by -20 degrees", () => {
    render(<Watermark text="张三 13800000000" />);
    expect(canvas.canvases).toHaveLength(1);
    expect(canvas.canvases[0].width).toBe(200);
    expect(canvas.canvases[0].height).toBe(150);
    expect(canvas.context.rotate).toHaveBeenCalledWith((-20 * Math.PI) / 180);
    expect(canvas.context.fillText).toHaveBeenCalledWith("张三 13800000000", expect.any(Number), expect.any(Number));
  });

  it("repeats the tile over its content without catching clicks", () => {
    render(
      <Watermark text="张三">
        <button type="button">保存</button>
      </Watermark>,
    );
    expect(screen.getByRole("button", { name: "保存" })).toBeInTheDocument();
    const layer = screen.getByTestId("watermark");
    expect(layer.style.backgroundImage).toBe(`url("${TILE_URL}")`);
    expect(layer.style.backgroundRepeat).toBe("repeat");
    expect(layer.style.pointerEvents).toBe("none");
    expect(layer).toHaveAttribute("aria-hidden", "true");
  });

  it("draws several lines under each other", () => {
    render(<Watermark text={["张三", "13800000000"]} />);
    const calls = canvas.context.fillText.mock.calls;
    expect(calls.map(([line]) => line)).toEqual(["张三", "13800000000"]);
    expect(calls[1][2]).toBeGreaterThan(calls[0][2]);
  });

  it("draws nothing for an empty text", () => {
    render(
      <Watermark text="">
        <p>正文</p>
      </Watermark>,
    );
    expect(screen.getByText("正文")).toBeInTheDocument();
    expect(screen.queryByTestId("watermark")).not.toBeInTheDocument();
    expect(canvas.canvases).toHaveLength(0);
  });

  it("draws the tile once for the same text", () => {
    const { rerender } = render(<Watermark text="张三" />);
    rerender(<Watermark text="张三" />);
    expect(canvas.canvases).toHaveLength(1);
  });
});
