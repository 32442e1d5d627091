import { useT } from "../i18n/I18nContext";
import { associationNameOf, useSiteSettings } from "../site/SiteSettings";

export function Footer() {
  const t = useT();
  const site = useSiteSettings();
  const associationName = associationNameOf(site, t);
  const contacts = site
    ? [
        { key: "phone", value: site.contactPhone },
        { key: "email", value: site.contactEmail },
        { key: "address", value: site.contactAddress },
      ].filter((c) => c.value)
    : [];

  return (
    <footer className="app-footer" data-testid="app-footer">
      <div className="app-footer__inner">
        <div className="app-footer__info">
          <a href={site?.associationUrl ?? "/"} className="app-footer__association" target="_blank" rel="noreferrer">
            {associationName}
          </a>
          <ul className="app-footer__contacts">
            {contacts.map((c) => (
              <li key={c.key}>
                {t("shell.footer.contactLine", { label: t(`shell.footer.${c.key}`), value: c.value })}
              </li>
            ))}
          </ul>
          <p className="app-footer__copyright">
            {t("shell.footer.copyright", { year: new Date().getFullYear(), name: associationName })}
          </p>
        </div>
        {site?.officialAccountQrUrl && (
          <figure className="app-footer__qr">
            <img src={site.officialAccountQrUrl} alt={t("shell.footer.qrAlt")} width={96} height={96} />
            <figcaption>{t("shell.footer.qrCaption")}</figcaption>
          </figure>
        )}
      </div>
    </footer>
  );
}
