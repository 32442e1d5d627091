import { theme } from "antd";
import { useEffect, useRef, useState, type ImgHTMLAttributes, type ReactNode, type RefObject } from "react";
import { useT } from "../../i18n/I18nContext";
import { isInView } from "./isInView";
import { throttle } from "./throttle";

/** SPEC 9. */
export const SCROLL_THROTTLE_MS = 300;

export interface LazyImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt" | "placeholder"> {
  src: string;
  alt: string;
  /** Shown in the image's place until it comes into view; an empty grey box when absent. */
  placeholder?: ReactNode;
  /** The element that scrolls the image, when it is not the window. */
  scrollContainer?: HTMLElement | null | RefObject<HTMLElement | null>;
  /** Pixels around the view within which loading already starts. */
  margin?: number;
}

const resolve = (container: LazyImageProps["scrollContainer"]): HTMLElement | null =>
  container && "current" in container ? container.current : (container ?? null);

/** An image whose file is requested only once it scrolls into view. */
export function LazyImage({ src, alt, placeholder, scrollContainer, margin = 0, ...imgProps }: LazyImageProps) {
  const t = useT();
  const { token } = theme.useToken();
  const holderRef = useRef<HTMLSpanElement>(null);
  const [inView, setInView] = useState(false);

  useEffect(() => {
    if (inView) return;
    const container = resolve(scrollContainer);
    const check = throttle(() => {
      if (holderRef.current && isInView(holderRef.current, container, margin)) setInView(true);
    }, SCROLL_THROTTLE_MS);
    check();
    // Scroll events do not bubble; listening in the capture phase also hears scrolling areas
    // inside the page (the main content area scrolls, not the window).
    window.addEventListener("scroll", check, { capture: true, passive: true });
    window.addEventListener("resize", check, { passive: true });
    return () => {
      check.cancel();
      window.removeEventListener("scroll", check, { capture: true });
      window.removeEventListener("resize", check);
    };
  }, [inView, scrollContainer, margin]);

  if (inView) return <img src={src} alt={alt} {...imgProps} />;
  return (
    <span
      ref={holderRef}
      role="img"
      aria-label={alt}
      aria-busy="true"
      title={t("controls.lazyImage.loading")}
      className={imgProps.className}
      style={{
        display: "inline-block",
        width: imgProps.width,
        height: imgProps.height,
        background: placeholder ? undefined : token.colorFillTertiary,
        ...imgProps.style,
      }}
    >
      {placeholder}
    </span>
  );
}
