import { Card, Typography } from "antd";
import type { PatentFacets } from "../../contract/schemas/patents";
import { useT } from "../../src/i18n/I18nContext";
import type { FacetName } from "./patentFilters";

const FACETS: readonly FacetName[] = ["segment", "patentType", "legalStatus", "applyYear", "ipcClass", "applicant", "district"];

/**
 * The facets beside the results: each entry with its count, a click narrowing the search to it.
 * `sample`: the latest matches they count when there are more (PatentSearchResult.facetsSample).
 */
export function PatentFacetList({
  facets,
  sample,
  onPick,
}: {
  facets: PatentFacets | undefined;
  sample: number | null | undefined;
  onPick: (facet: FacetName, key: string) => void;
}) {
  const t = useT();
  const nameOf = (facet: FacetName, key: string): string => {
    if (facet === "patentType") return t(`patents.types.${key}`);
    if (facet === "legalStatus") return t(`patents.statuses.${key}`);
    if (facet === "segment") return t(`companies.segments.${key}`);
    return key;
  };
  return (
    <aside aria-label={t("patents.facets.title")} data-testid="patent-facets">
      {facets && typeof sample === "number" && (
        <Typography.Paragraph type="secondary" data-testid="patent-facets-sample">
          {t("patents.facets.sample", { count: sample.toLocaleString() })}
        </Typography.Paragraph>
      )}
      {FACETS.map((facet) => {
        const entries = facets?.[facet] ?? [];
        return (
          <Card key={facet} size="small" title={<Typography.Text strong>{t(`patents.facets.${facet}`)}</Typography.Text>} style={{ marginBottom: 12 }}>
            {entries.length === 0 ? (
              <Typography.Text>{t("patents.facets.none")}</Typography.Text>
            ) : (
              <ul className="patent-facet">
                {entries.map(({ key, count }) => {
                  const name = nameOf(facet, key);
                  return (
                    <li key={key}>
                      <button
                        type="button"
                        className="patent-facet__entry"
                        data-testid={`patent-facet-${facet}-${key}`}
                        aria-label={t("patents.facets.add", { name, count })}
                        onClick={() => onPick(facet, key)}
                      >
                        <span className="patent-facet__name" title={name}>
                          {name}
                        </span>
                        <span className="patent-facet__count">{count.toLocaleString()}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </Card>
        );
      })}
    </aside>
  );
}
