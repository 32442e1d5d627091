import { Spin } from "antd";
import { lazy, Suspense } from "react";
import { useT } from "../../i18n/I18nContext";
import { EDITOR_HEIGHT } from "./editorHeight";
import type { RichTextEditorProps } from "./RichTextEditor";

// The editor (Draft.js, braft) is large: it is fetched only when a page first renders it.
const RichTextEditor = lazy(() => import("./RichTextEditor"));

function EditorLoading({ height }: { height: number }) {
  const t = useT();
  return (
    <div style={{ height, display: "flex", alignItems: "center", justifyContent: "center" }}>
      <Spin tip={t("controls.editor.loading")}>
        <div style={{ width: 160, height: 48 }} />
      </Spin>
    </div>
  );
}

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorLoading height={props.height ?? EDITOR_HEIGHT} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
