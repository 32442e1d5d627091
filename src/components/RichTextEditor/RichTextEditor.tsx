import "braft-editor/dist/index.css";
import type { EditorState, MediaType } from "braft-editor";
import { message, theme } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES } from "../../../contract/files";
import { useI18n } from "../../i18n/I18nContext";
import { acceptAttribute, checkFile, formatBytes } from "../FileUpload/fileRules";
import type { AuthHeaders } from "../FileUpload/uploadFile";
import { BraftEditor } from "./braftEditor";
import { editorContent, type EditorContent } from "./editorContent";
import { EDITOR_HEIGHT } from "./editorHeight";
import { createImageUploadFn } from "./imageUpload";

export interface RichTextEditorProps {
  /** HTML; with onChange this is an antd Form control. */
  value?: string;
  onChange?: (html: string, content: EditorContent) => void;
  placeholder?: string;
  readOnly?: boolean;
  height?: number;
  uploadPath?: string;
  authHeaders?: AuthHeaders;
  id?: string;
  /** The editor's accessible name: its form label. */
  label?: string;
}

/**
 * braft's icon buttons have their name only in a data-title tooltip, which no screen reader reads;
 * each gets it as its aria-label, also when braft redraws the toolbar. Buttons showing text (the
 * heading and size pickers) are named by that text.
 */
function nameToolbarButtons(root: HTMLElement): () => void {
  const name = () => {
    for (const button of root.querySelectorAll<HTMLButtonElement>("button[data-title]")) {
      if (button.textContent?.trim()) continue;
      const title = button.dataset.title ?? "";
      if (button.getAttribute("aria-label") !== title) button.setAttribute("aria-label", title);
    }
  };
  name();
  const observer = new MutationObserver(name);
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-title"] });
  return () => observer.disconnect();
}

export default function RichTextEditor({
  value,
  onChange,
  placeholder,
  readOnly = false,
  height = EDITOR_HEIGHT,
  uploadPath,
  authHeaders,
  id,
  label,
}: RichTextEditorProps) {
  const { t, locale } = useI18n();
  const { token } = theme.useToken();
  const [messageApi, messageHolder] = message.useMessage();
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => nameToolbarButtons(frame.current!), []);

  const [editorState, setEditorState] = useState<EditorState>(() => BraftEditor.createEditorState(value ?? ""));
  const [html, setHtml] = useState(value ?? "");
  // Only a new value from the parent replaces the document; the parent echoing what the editor
  // just reported must not, or the cursor would jump.
  const [receivedValue, setReceivedValue] = useState(value);
  if (value !== receivedValue) {
    setReceivedValue(value);
    if ((value ?? "") !== html) {
      setHtml(value ?? "");
      setEditorState(BraftEditor.createEditorState(value ?? ""));
    }
  }

  const handleChange = (next: EditorState) => {
    setEditorState(next);
    const nextHtml = next.toHTML();
    if (nextHtml === html) return;
    setHtml(nextHtml);
    onChange?.(nextHtml, editorContent(nextHtml));
  };

  const media = useMemo<MediaType>(
    () => ({
      uploadFn: createImageUploadFn({
        path: uploadPath,
        authHeaders,
        onFailure: (serverMessage) => void messageApi.error(serverMessage ?? t("controls.editor.imageUploadFailed")),
      }),
      validateFn: (file: File) => {
        const accepted = checkFile(file, { accept: IMAGE_EXTENSIONS, maxBytes: IMAGE_MAX_BYTES }) === undefined;
        if (!accepted) {
          void messageApi.error(
            t("controls.editor.imageRejected", { types: IMAGE_EXTENSIONS.join(", "), size: formatBytes(IMAGE_MAX_BYTES) }),
          );
        }
        return accepted;
      },
      // Images only (SPEC 2: no video), and only uploaded ones: no addresses of other sites.
      accepts: { image: acceptAttribute(IMAGE_EXTENSIONS), video: false, audio: false },
      externals: { image: false, video: false, audio: false, embed: false },
    }),
    [uploadPath, authHeaders, messageApi, t],
  );

  return (
    <div
      ref={frame}
      id={id}
      data-testid="rich-text-editor"
      style={{ border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius, background: token.colorBgContainer }}
    >
      {messageHolder}
      <BraftEditor
        value={editorState}
        onChange={handleChange}
        placeholder={placeholder ?? t("controls.editor.placeholder")}
        language={locale === "en" ? "en" : "zh"}
        readOnly={readOnly}
        controls={readOnly ? [] : undefined}
        media={media}
        contentStyle={{ height }}
        draftProps={{ ariaLabel: label ?? placeholder ?? t("controls.editor.placeholder") }}
      />
    </div>
  );
}
