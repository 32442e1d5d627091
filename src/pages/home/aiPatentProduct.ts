import { associationNameOf, type SiteSettings } from "../../site/SiteSettings";
import type { Translate } from "../../../i18n/types";

/**
 * The AI patent-management product on the home page. Its address and contact person come from the
 * site settings (AI_PRODUCT_URL, AI_PRODUCT_CONTACT_PERSON); unset, the product is reached through the
 * association's site and the contact is the association's IP service department. Unit, landline,
 * address, email and website are the association's.
 */
export const AI_PATENT_PRODUCT = {
  nameKey: "account.home.product.name",
  descriptionKey: "account.home.product.description",
  contactPersonKey: "account.home.product.contactPerson",
} as const;

/** What the contact-us dialog lists (SPEC 1). */
export interface ProductContact {
  contactPerson: string;
  unit: string;
  landline: string;
  address: string;
  email: string;
  website: string;
}

/** Null while neither the product's nor the association's address is known (site settings not loaded). */
export function productUrl(site: SiteSettings | null): string | null {
  return site?.aiProductUrl || site?.associationUrl || null;
}

export function productContact(site: SiteSettings | null, t: Translate): ProductContact {
  return {
    contactPerson: site?.aiProductContactPerson || t(AI_PATENT_PRODUCT.contactPersonKey),
    unit: associationNameOf(site, t),
    landline: site?.contactPhone ?? "",
    address: site?.contactAddress ?? "",
    email: site?.contactEmail ?? "",
    website: site?.associationUrl ? new URL(site.associationUrl, window.location.origin).href : "",
  };
}
