import { useList } from "@refinedev/core";
import { Col, Empty, Row } from "antd";
import { useState } from "react";
import { useSearchParams } from "react-router";
import type { AdminDimension } from "../../contract/questionnaires";
import type { ApiError } from "../../providers/apiError";
import { useT } from "../../src/i18n/I18nContext";
import { ListError, retryUnlessRefused } from "../../src/components/ListError";
import { DimensionFormModal } from "./DimensionFormModal";
import { DimensionList } from "./DimensionList";
import { nextSort } from "./questionnaireRules";
import { QuestionList } from "./QuestionList";

/** The selected dimension is kept in the URL beside the tab, so a reload shows the same questions. */
const DIMENSION_PARAM = "dimension";

/** What the form dialog is open for: nothing, a new dimension, or this one. */
type Editing = { dimension?: AdminDimension } | null;

/**
 * The questionnaires tab of /userCenter/userManage: the archive's dimension tabs on the left, the
 * selected one's questions on the right (the first dimension until another is picked).
 */
export function DimensionManager() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<Editing>(null);
  const { result, query } = useList<AdminDimension, ApiError>({
    resource: "dimensions",
    pagination: { mode: "off" },
    meta: { request: { silent: true } },
    queryOptions: { retry: retryUnlessRefused },
  });
  const dimensions = result.data;
  const requested = params.get(DIMENSION_PARAM);
  const selected = dimensions.find((d) => d.serviceNo === requested) ?? dimensions[0];

  const select = (serviceNo: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(DIMENSION_PARAM, serviceNo);
      return next;
    });

  if (query.error) return <ListError error={query.error} />;

  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10} xl={9}>
          <DimensionList
            dimensions={dimensions}
            loading={query.isLoading}
            selected={selected?.serviceNo}
            onSelect={select}
            onAdd={() => setEditing({})}
            onEdit={(dimension) => setEditing({ dimension })}
          />
        </Col>
        <Col xs={24} lg={14} xl={15}>
          {selected ? (
            // Keyed: another dimension is another list, from its own first load.
            <QuestionList key={selected.serviceNo} dimension={selected} />
          ) : (
            !query.isLoading && <Empty description={t("questionnaires.questions.pick")} />
          )}
        </Col>
      </Row>
      {editing && (
        // A fresh form per dialog: Refine's useForm takes its action and id when it starts.
        <DimensionFormModal
          key={editing.dimension?.serviceNo ?? "new"}
          dimension={editing.dimension}
          defaultSort={nextSort(dimensions)}
          onClose={() => setEditing(null)}
          onSaved={select}
        />
      )}
    </>
  );
}
