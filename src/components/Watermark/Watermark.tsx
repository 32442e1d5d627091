import { useMemo, type CSSProperties, type ReactNode } from "react";
import { watermarkTile, type WatermarkLook } from "./drawWatermark";

export interface WatermarkProps extends WatermarkLook {
  /** One line, or several drawn under each other (e.g. a name and a phone number). */
  text: string | readonly string[];
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
}

// Above the content it marks, below antd's popups and dialogs (1000 and up).
const WATERMARK_Z_INDEX = 9;

/** Covers its content with the repeated watermark tile; clicks go through to the content. */
export function Watermark({ text, font, color, children, className, style }: WatermarkProps) {
  const joined = typeof text === "string" ? text : text.join("\n");
  const tile = useMemo(
    () => (joined.trim() === "" ? undefined : watermarkTile(joined.split("\n"), { font, color })),
    [joined, font, color],
  );

  return (
    <div className={className} style={{ position: "relative", ...style }}>
      {children}
      {tile && (
        <div
          aria-hidden="true"
          data-testid="watermark"
          style={{
            position: "absolute",
            inset: 0,
            pointerEvents: "none",
            zIndex: WATERMARK_Z_INDEX,
            backgroundImage: `url("${tile}")`,
            backgroundRepeat: "repeat",
          }}
        />
      )}
    </div>
  );
}
