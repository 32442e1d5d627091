import { CloseOutlined, RotateLeftOutlined, RotateRightOutlined, ZoomInOutlined, ZoomOutOutlined } from "@ant-design/icons";
import { Button, Space } from "antd";
import { useEffect, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useT } from "../../i18n/I18nContext";
import {
  DEFAULT_MAX_SIZE_RATIO,
  INITIAL_TRANSFORM,
  PREVIEW_ANIMATION_MS,
  rotateLeft,
  rotateRight,
  transformCss,
  zoomIn,
  zoomOut,
  type PreviewTransform,
} from "./previewTransform";

// Above antd's dialogs (1000), so an image opened from a dialog shows on top of it.
const PREVIEW_Z_INDEX = 1080;

export interface ImagePreviewerProps {
  open: boolean;
  src: string;
  alt?: string;
  onClose: () => void;
  /** Largest share of the window's width and height the image takes at scale 1. */
  maxSizeRatio?: number;
}

interface OverlayProps {
  src: string;
  alt: string;
  onClose: () => void;
  maxSizeRatio: number;
}

function PreviewOverlay({ src, alt, onClose, maxSizeRatio }: OverlayProps) {
  const t = useT();
  const [transform, setTransform] = useState<PreviewTransform>(INITIAL_TRANSFORM);

  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [onClose]);

  const tool = (label: string, icon: ReactNode, onClick: () => void, autoFocus = false) => (
    <Button
      shape="circle"
      icon={icon}
      aria-label={label}
      title={label}
      autoFocus={autoFocus}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    />
  );

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={t("controls.preview.title")}
      onClick={onClose}
      style={{
        position: "fixed",
        inset: 0,
        zIndex: PREVIEW_Z_INDEX,
        background: "rgba(0, 0, 0, 0.65)",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        overflow: "hidden",
      }}
    >
      <img
        src={src}
        alt={alt}
        onClick={(event) => event.stopPropagation()}
        style={{
          maxWidth: `${maxSizeRatio * 100}vw`,
          maxHeight: `${maxSizeRatio * 100}vh`,
          transform: transformCss(transform),
          transition: `transform ${PREVIEW_ANIMATION_MS}ms`,
          userSelect: "none",
        }}
      />
      <Space style={{ position: "absolute", top: 16, right: 16 }}>
        {tool(t("controls.preview.rotateLeft"), <RotateLeftOutlined />, () => setTransform(rotateLeft))}
        {tool(t("controls.preview.rotateRight"), <RotateRightOutlined />, () => setTransform(rotateRight))}
        {tool(t("controls.preview.zoomIn"), <ZoomInOutlined />, () => setTransform(zoomIn))}
        {tool(t("controls.preview.zoomOut"), <ZoomOutOutlined />, () => setTransform(zoomOut))}
        {tool(t("controls.preview.close"), <CloseOutlined />, onClose, true)}
      </Space>
    </div>
  );
}

/** Full-window image view; every opening starts unrotated at scale 1. */
export function ImagePreviewer({ open, src, alt = "", onClose, maxSizeRatio = DEFAULT_MAX_SIZE_RATIO }: ImagePreviewerProps) {
  if (!open) return null;
  return createPortal(<PreviewOverlay key={src} src={src} alt={alt} onClose={onClose} maxSizeRatio={maxSizeRatio} />, document.body);
}
