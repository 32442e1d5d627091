import { UploadOutlined } from "@ant-design/icons";
import { Button, Space, Typography } from "antd";
import { useState } from "react";
import { downloadPath, IMAGE_EXTENSIONS, IMAGE_MAX_BYTES } from "../../../contract/files";
import { FileUpload, formatBytes } from "../../components/FileUpload";
import { ImagePreviewer } from "../../components/ImagePreviewer";
import { useT } from "../../i18n/I18nContext";
import { uploadAuthHeaders } from "./uploadAuthHeaders";

/** Shown when the user has no avatar, or theirs cannot be loaded (SPEC 7). */
export const DEFAULT_AVATAR_SRC = "/default-avatar.svg";

const AVATAR_SIZE = 96;

/** The avatar as a form control holding its file id; the image opens in the previewer on click. */
export function AvatarField({
  value,
  onChange,
  onPendingChange,
}: {
  value?: string | null;
  onChange?: (id: string | null) => void;
  onPendingChange?: (pending: boolean) => void;
}) {
  const t = useT();
  const [previewing, setPreviewing] = useState(false);
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const stored = value ? downloadPath(value) : DEFAULT_AVATAR_SRC;
  const src = stored === brokenSrc ? DEFAULT_AVATAR_SRC : stored;

  return (
    <Space align="start" size="large">
      <img
        src={src}
        alt={t("account.basicInfo.avatarAlt")}
        width={AVATAR_SIZE}
        height={AVATAR_SIZE}
        style={{ borderRadius: "50%", objectFit: "cover", cursor: "zoom-in", background: "#f0f2f5" }}
        onClick={() => setPreviewing(true)}
        onError={() => setBrokenSrc(stored)}
        data-testid="avatar-image"
      />
      <div>
        <FileUpload
          maxCount={1}
          accept={IMAGE_EXTENSIONS}
          maxBytes={IMAGE_MAX_BYTES}
          authHeaders={uploadAuthHeaders}
          value={value ? [value] : []}
          onChange={(ids) => onChange?.(ids[0] ?? null)}
          fileNames={value ? { [value]: t("account.basicInfo.currentAvatar") } : undefined}
          onPreview={() => setPreviewing(true)}
          onPendingChange={onPendingChange}
        >
          <Button icon={<UploadOutlined />} data-testid="avatar-upload">
            {t("account.basicInfo.uploadAvatar")}
          </Button>
        </FileUpload>
        <Typography.Text type="secondary">
          {t("account.basicInfo.avatarHint", { types: IMAGE_EXTENSIONS.join(" / "), size: formatBytes(IMAGE_MAX_BYTES) })}
        </Typography.Text>
      </div>
      <ImagePreviewer open={previewing} src={src} alt={t("account.basicInfo.avatarAlt")} onClose={() => setPreviewing(false)} />
    </Space>
  );
}
