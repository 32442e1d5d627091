import { useEffect } from "react";
import { useSiteSettings } from "./SiteSettings";

/** SPEC 1: the third-party online customer-service widget, from the configured script address. */
export function CustomerServiceWidget() {
  const src = useSiteSettings()?.customerServiceScript;
  useEffect(() => {
    if (!src || document.querySelector(`script[data-cs-widget]`)) return;
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.dataset.csWidget = "true";
    document.body.appendChild(script);
  }, [src]);
  return null;
}
