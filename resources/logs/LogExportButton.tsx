import type { CrudFilter } from "@refinedev/core";
import { ExportButton } from "../../src/components/ExportButton";
import { useT } from "../../src/i18n/I18nContext";
import { exportLogs } from "./logCalls";

/** Exports the rows the current filters select as .xlsx; a failure shows SPEC 8's one warning, or the server's reason for a refusal. */
export function LogExportButton({ filters }: { filters: CrudFilter[] }) {
  const t = useT();
  return (
    <ExportButton run={() => exportLogs(filters, t("admin.logs.export.fileName"))} failed={t("admin.logs.export.failed")} testId="log-export">
      {t("admin.logs.export.button")}
    </ExportButton>
  );
}
