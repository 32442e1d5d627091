import { Button, Descriptions, Modal, Typography } from "antd";
import { useT } from "../../i18n/I18nContext";
import { useSiteSettings } from "../../site/SiteSettings";
import { AI_PATENT_PRODUCT, productContact } from "./aiPatentProduct";

/** SPEC 1: whom to contact about the AI patent-management product, with a Close button. */
export function ContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const contact = productContact(useSiteSettings(), t);
  const label = (field: string) => t(`account.home.contact.${field}`);
  const shown = (text: string) => text || "--";

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
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: "contactPerson", label: label("contactPerson"), children: shown(contact.contactPerson) },
            { key: "unit", label: label("unit"), children: shown(contact.unit) },
            { key: "landline", label: label("landline"), children: shown(contact.landline) },
            { key: "address", label: label("address"), children: shown(contact.address) },
            {
              key: "email",
              label: label("email"),
              children: contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : "--",
            },
            {
              key: "website",
              label: label("website"),
              children: contact.website ? (
                <a href={contact.website} target="_blank" rel="noreferrer">
                  {contact.website}
                </a>
              ) : (
                "--"
              ),
            },
          ]}
        />
      </div>
    </Modal>
  );
}
