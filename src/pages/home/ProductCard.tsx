import { RobotOutlined } from "@ant-design/icons";
import { Button, Card } from "antd";
import { useState } from "react";
import { isLoggedIn } from "../../../providers/session/isLoggedIn";
import { useT } from "../../i18n/I18nContext";
import { useStoredUser } from "../../../providers/session/storedUser";
import { useSiteSettings } from "../../site/SiteSettings";
import { AI_PATENT_PRODUCT, productUrl } from "./aiPatentProduct";
import { ContactDialog } from "./ContactDialog";

/** SPEC 1: the AI patent-management product; a visitor who is not signed in gets the contact-us dialog. */
export function ProductCard() {
  const t = useT();
  const url = productUrl(useSiteSettings());
  // Re-renders when the session changes, so the link follows a sign-in or sign-out in another tab.
  const signedIn = useStoredUser() !== null && isLoggedIn();
  const [contactOpen, setContactOpen] = useState(false);

  return (
    <Card hoverable className="home-card" data-testid="home-product-card">
      <Card.Meta
        avatar={<RobotOutlined aria-hidden style={{ fontSize: 32, color: "var(--brand)" }} />}
        title={t(AI_PATENT_PRODUCT.nameKey)}
        description={t(AI_PATENT_PRODUCT.descriptionKey)}
      />
      <div className="home-card__action">
        {signedIn ? (
          // Disabled only for the moment before the site settings (and with them the address) arrive.
          <Button
            type="primary"
            href={url ?? undefined}
            disabled={!url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="home-product-link"
          >
            {t("account.home.product.open")}
          </Button>
        ) : (
          <Button type="primary" onClick={() => setContactOpen(true)} data-testid="home-product-link">
            {t("account.home.product.open")}
          </Button>
        )}
      </div>
      <ContactDialog open={contactOpen} onClose={() => setContactOpen(false)} />
    </Card>
  );
}
