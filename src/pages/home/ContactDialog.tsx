import { Button, Descriptions, Modal, Typography } from "antd";
import { useT } from "../../i18n/I18nContext";
import { useSiteSettings } from "../../site/SiteSettings";
import { AI_PATENT_PRODUCT, productContact } from "./aiPatentProduct";

/** SPEC 1: whom to contact about the AI patent-management product, with a Close button. */
export function ContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const contact = productContact(useSiteSettings(), t);
  const label = (field: string) => t(`account.home.contact.${field}`);
  // A detail the deployment has not configured (CONTACT_*) is left out rather than shown as a dash.
  const rows = [
    { key: "contactPerson", children: contact.contactPerson },
    { key: "unit", children: contact.unit },
    { key: "landline", children: contact.landline },
    { key: "address", children: contact.address },
    { key: "email", children: contact.email && <a href={`mailto:${contact.email}`}>{contact.email}</a> },
    {
      key: "website",
      children: contact.website && (
        <a href={contact.website} target="_blank" rel="noreferrer">
          {contact.website}
        </a>
      ),
    },
  ]
    .filter((row) => row.children)
    .map((row) => ({ ...row, label: label(row.key) }));

  return (
    <Modal
      open={open}
      title={label("title")}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="contact-dialog-close">
          {label("close")}
        </Button>
      }
    >
      <div data-testid="contact-dialog">
        <Typography.Paragraph>{t("account.home.contact.intro", { product: t(AI_PATENT_PRODUCT.nameKey) })}</Typography.Paragraph>
        <Descriptions column={1} size="small" items={rows} />
      </div>
    </Modal>
  );
}
