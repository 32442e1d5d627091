import { Alert, Button, Space } from "antd";
import dayjs from "dayjs";
import { DATE_TIME_FORMAT } from "../../contract/dateTime";
import { useT } from "../../src/i18n/I18nContext";

/** Above a form that has a draft differing from what it shows: 恢复草稿 puts it back, 丢弃 removes it. */
export function DraftNotice({ savedAt, onRestore, onDiscard }: { savedAt: number; onRestore: () => void; onDiscard: () => void }) {
  const t = useT();
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="draft-notice"
      message={t("archive.draft.found", { time: dayjs(savedAt).format(DATE_TIME_FORMAT) })}
      action={
        <Space>
          <Button size="small" type="primary" onClick={onRestore} data-testid="draft-restore">
            {t("archive.draft.restore")}
          </Button>
          <Button size="small" onClick={onDiscard} data-testid="draft-discard">
            {t("archive.draft.discard")}
          </Button>
        </Space>
      }
    />
  );
}
