import { Button, Modal, Typography } from "antd";
import { Link, useNavigate } from "react-router";
import { useT } from "../../i18n/I18nContext";
import { Paths } from "../../../contract/paths";

/** SPEC 9: the certification dialog is 620 px wide. */
export const CERTIFICATION_DIALOG_WIDTH = 620;

export interface CertificationDialogProps {
  open: boolean;
  onClose: () => void;
}

/** SPEC 2: enterprise certification under review; features open once it is approved. */
export function CertificationDialog({ open, onClose }: CertificationDialogProps) {
  const t = useT();
  const navigate = useNavigate();

  const toPersonalCenter = () => {
    onClose();
    navigate(Paths.BASIC_INFO);
  };

  return (
    <Modal
      open={open}
      width={CERTIFICATION_DIALOG_WIDTH}
      title={t("auth.certification.title")}
      onCancel={onClose}
      footer={[
        <Button key="center" onClick={toPersonalCenter} data-testid="certification-personal-center">
          {t("auth.certification.personalCenter")}
        </Button>,
        <Button key="ok" type="primary" onClick={onClose} data-testid="certification-confirm">
          {t("auth.certification.confirm")}
        </Button>,
      ]}
    >
      <Typography.Paragraph data-testid="certification-text">{t("auth.certification.underReview")}</Typography.Paragraph>
      <Link to={Paths.ACCREDITED_INSTITUTION} onClick={onClose} data-testid="certification-link">
        {t("auth.certification.progressLink")}
      </Link>
    </Modal>
  );
}
