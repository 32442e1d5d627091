// braft-editor must stay out of this file's imports: LazyRichTextEditor loads it on first render.
export { LazyRichTextEditor } from "./LazyRichTextEditor";
export type { RichTextEditorProps } from "./RichTextEditor";
export { editorContent, editorTextLength, isEditorEmpty, type EditorContent } from "./editorContent";
