import { PlusOutlined, UploadOutlined } from "@ant-design/icons";
import { Button, message, Upload, type FormRule, type UploadProps } from "antd";
import { useMemo, useRef, useState, type ReactNode } from "react";
import { downloadPath, IMAGE_EXTENSIONS, UPLOAD_FIELD, UPLOAD_PATH } from "../../../contract/files";
import { useT } from "../../i18n/I18nContext";
import { downloadStoredFile } from "./downloadFile";
import { acceptAttribute, checkFile, formatBytes, type FileRejection } from "./fileRules";
import { doneIds, entriesForIds, occupiedCount, sameIds, storedEntry, type UploadEntry } from "./uploadEntries";
import { uploadFile, UploadError, type AuthHeaders } from "./uploadFile";

const isImageExtension = (ext: string) => (IMAGE_EXTENSIONS as readonly string[]).includes(ext.toLowerCase());

export interface FileUploadProps {
  /** Ids of the stored files; with onChange this is an antd Form control. */
  value?: string[];
  onChange?: (ids: string[]) => void;
  maxCount: number;
  /** Allowed extensions without the dot, e.g. ATTACHMENT_EXTENSIONS. */
  accept?: readonly string[];
  /** Files must be smaller than this many bytes. */
  maxBytes?: number;
  /** Shown for a file refused by accept ("type") or maxBytes ("size"), instead of the default texts. */
  rejectMessages?: Partial<Record<FileRejection, string>>;
  path?: string;
  field?: string;
  authHeaders?: AuthHeaders;
  /** Names for ids given in value; others are labelled "附件 n". */
  fileNames?: Record<string, string>;
  listType?: UploadProps["listType"];
  disabled?: boolean;
  onPreview?: (file: { id: string; name: string; url: string }) => void;
  /** Told when a file starts or stops being sent; see useUploadGuard. */
  onPendingChange?: (pending: boolean) => void;
  /** The trigger; a default button when absent. */
  children?: ReactNode;
}

/**
 * A form rule for the Form.Item around a FileUpload: saving while a chosen file is still being sent
 * would save the form without it, so the form waits, with a message under the field, until it is in.
 */
export function useUploadGuard(): { rule: FormRule; onPendingChange: (pending: boolean) => void } {
  const t = useT();
  const pending = useRef(false);
  const rule = useMemo<FormRule>(
    () => ({ validator: () => (pending.current ? Promise.reject(new Error(t("controls.upload.stillSending"))) : Promise.resolve()) }),
    [t],
  );
  return {
    rule,
    onPendingChange: (now) => {
      pending.current = now;
    },
  };
}

export function FileUpload({
  value,
  onChange,
  maxCount,
  accept,
  maxBytes,
  rejectMessages,
  path = UPLOAD_PATH,
  field = UPLOAD_FIELD,
  authHeaders,
  fileNames,
  listType = "text",
  disabled = false,
  onPreview,
  onPendingChange,
  children,
}: FileUploadProps) {
  const t = useT();
  const [messageApi, messageHolder] = message.useMessage();
  const nameOf = (id: string, index: number) => fileNames?.[id] ?? t("controls.upload.fileLabel", { index: index + 1 });
  // Images are linked (the server shows them to anyone holding the id); other files are downloaded with the token.
  const linked = listType !== "text" || (accept !== undefined && accept.every((ext) => isImageExtension(ext)));

  const [list, setList] = useState<UploadEntry[]>(() => entriesForIds(value ?? [], [], nameOf, linked));
  const [seenValue, setSeenValue] = useState(value);
  // antd marks a removed row by mutating it in place, so the previous list cannot tell which ids
  // were reported; this remembers them for use without a value.
  const reportedIds = useRef(value ?? []);
  const reportedPending = useRef(false);
  if (value !== seenValue) {
    setSeenValue(value);
    if (!sameIds(value ?? [], doneIds(list))) setList(entriesForIds(value ?? [], list, nameOf, linked));
  }

  const rejectionText = (reason: FileRejection) => {
    const given = rejectMessages?.[reason];
    if (given) return given;
    if (reason === "size") return t("controls.upload.tooLarge", { size: formatBytes(maxBytes ?? 0) });
    return t("controls.upload.wrongType", { types: (accept ?? []).join(", ") });
  };

  const beforeUpload: UploadProps["beforeUpload"] = (file, batch) => {
    const rejection = checkFile(file, { accept, maxBytes });
    if (rejection) {
      void messageApi.error(rejectionText(rejection));
      return Upload.LIST_IGNORE;
    }
    // With one file allowed a new choice replaces the old one; otherwise extra files are refused
    // here, before they are sent, rather than uploaded and then dropped from the list.
    if (maxCount > 1) {
      const position = occupiedCount(list) + batch.indexOf(file);
      if (position >= maxCount) {
        if (position === maxCount) void messageApi.warning(t("controls.upload.tooMany", { max: maxCount }));
        return Upload.LIST_IGNORE;
      }
    }
    return true;
  };

  const customRequest: UploadProps["customRequest"] = (options) => {
    const task = uploadFile(options.file as Blob, {
      path: options.action,
      field: options.filename,
      authHeaders,
      onProgress: (percent) => options.onProgress?.({ percent }),
    });
    // antd aborts when a row is removed or the control unmounts: nothing failed then.
    let aborted = false;
    task.done.then(
      (stored) => {
        if (!aborted) options.onSuccess?.({ id: stored.id });
      },
      (error: unknown) => {
        if (!aborted) options.onError?.(error instanceof Error ? error : new UploadError());
      },
    );
    return {
      abort: () => {
        aborted = true;
        task.abort();
      },
    };
  };

  const handleChange: UploadProps<{ id: string }>["onChange"] = ({ file, fileList }) => {
    const next = fileList.map((entry) =>
      entry.status === "done" && entry.response ? { ...entry, ...storedEntry(entry.response.id, entry.name, linked), uid: entry.uid } : entry,
    );
    setList(next);
    const pending = next.some((entry) => entry.status === "uploading");
    if (pending !== reportedPending.current) {
      reportedPending.current = pending;
      onPendingChange?.(pending);
    }
    if (file.status === "error") {
      const serverMessage = file.error instanceof UploadError ? file.error.serverMessage : undefined;
      void messageApi.error(serverMessage ?? t("controls.upload.failed", { name: file.name }));
    }
    const ids = doneIds(next);
    if (!sameIds(ids, value ?? reportedIds.current)) {
      reportedIds.current = ids;
      onChange?.(ids);
    }
  };

  const handlePreview = (entry: UploadEntry) => {
    if (entry.status !== "done" || !entry.response) return;
    if (onPreview) onPreview({ id: entry.response.id, name: entry.name, url: downloadPath(entry.response.id) });
    else if (!linked) download(entry);
  };

  // The http layer has shown why a download failed.
  const download = (entry: UploadEntry) => {
    if (entry.status === "done" && entry.response) downloadStoredFile(entry.response.id, entry.name).catch(() => undefined);
  };

  const full = maxCount > 1 && occupiedCount(list) >= maxCount;
  const defaultTrigger =
    listType === "picture-card" || listType === "picture-circle" ? (
      <div>
        <PlusOutlined />
        <div>{t("controls.upload.button")}</div>
      </div>
    ) : (
      <Button icon={<UploadOutlined />}>{t("controls.upload.button")}</Button>
    );

  return (
    <>
      {messageHolder}
      <Upload<{ id: string }>
        action={path}
        name={field}
        accept={acceptAttribute(accept)}
        multiple={maxCount > 1}
        maxCount={maxCount}
        listType={listType}
        disabled={disabled}
        fileList={list}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onChange={handleChange}
        onPreview={onPreview || !linked ? handlePreview : undefined}
        showUploadList={{ showDownloadIcon: !linked }}
        onDownload={download}
      >
        {disabled || full ? null : (children ?? defaultTrigger)}
      </Upload>
    </>
  );
}
