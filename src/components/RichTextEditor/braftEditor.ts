import braftModule from "braft-editor";
import type BraftEditorComponent from "braft-editor";

type BraftEditorClass = typeof BraftEditorComponent;

// braft-editor is CommonJS: depending on the bundler's interop the default import is either the
// editor class or the whole exports object that holds it under `default`.
export const BraftEditor: BraftEditorClass =
  (braftModule as BraftEditorClass & { default?: BraftEditorClass }).default ?? braftModule;
