import { Descriptions } from "antd";
import { useT } from "../../i18n/I18nContext";
import type { Certification } from "./certificationCalls";
import { LicenseImage } from "./LicenseImage";

/** The submitted application, read-only while it is reviewed and once it is approved. */
export function CertificationDetails({ certification }: { certification: Certification }) {
  const t = useT();
  const label = (field: string) => t(`account.certification.fields.${field}`);
  return (
    <Descriptions
      bordered
      column={1}
      styles={{ label: { width: 180 } }}
      data-testid="certification-details"
      items={[
        { key: "companyName", label: label("companyName"), children: certification.companyName },
        { key: "creditCode", label: label("creditCode"), children: certification.creditCode },
        { key: "contactPerson", label: label("contactPerson"), children: certification.contactPerson },
        { key: "contactPhone", label: label("contactPhone"), children: certification.contactPhone },
        { key: "licenseFile", label: label("licenseFile"), children: <LicenseImage fileId={certification.licenseFileId} /> },
      ]}
    />
  );
}
