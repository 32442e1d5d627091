import { useState } from "react";
import { downloadPath } from "../../../contract/files";
import { ImagePreviewer } from "../../components/ImagePreviewer";
import { useT } from "../../i18n/I18nContext";

/** The stored licence as a thumbnail that opens the previewer. */
export function LicenseImage({ fileId }: { fileId: string }) {
  const t = useT();
  const [previewing, setPreviewing] = useState(false);
  const src = downloadPath(fileId);
  return (
    <>
      <img
        src={src}
        alt={t("account.certification.licenseAlt")}
        style={{ maxWidth: 200, maxHeight: 140, cursor: "zoom-in", border: "1px solid #f0f0f0" }}
        onClick={() => setPreviewing(true)}
      />
      <ImagePreviewer open={previewing} src={src} alt={t("account.certification.licenseAlt")} onClose={() => setPreviewing(false)} />
    </>
  );
}
