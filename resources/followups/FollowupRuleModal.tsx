import { useCustom, useCustomMutation, useNotification } from "@refinedev/core";
import { Form, Modal, Radio, Spin, type ButtonProps } from "antd";
import { useState } from "react";
import type { Envelope } from "../../contract/envelope";
import { FOLLOWUP_RULE_DAYS, type FollowupRuleDays } from "../../contract/followups";
import type { FollowupRule } from "../../contract/schemas/followups";
import { customCall } from "../../providers/endpoints";
import { useT } from "../../src/i18n/I18nContext";
import { followupRules } from "./resource";

/** An administrator sets a company's "no visit for N days" rule (7, 15, 30 days or none). */
export function FollowupRuleModal({ company, onClose }: { company: { id: number; name: string }; onClose: () => void }) {
  const t = useT();
  const { open: toast } = useNotification();
  const { mutateAsync } = useCustomMutation();
  const { query, result } = useCustom<Envelope<FollowupRule>>({
    ...customCall(followupRules.actions.one),
    url: followupRules.actions.one.url.replace(":id", String(company.id)),
  });
  const stored = result.data?.result?.days;
  const [chosen, setChosen] = useState<FollowupRuleDays | 0 | undefined>(undefined);
  const value = chosen ?? (stored === undefined ? undefined : (stored ?? 0));
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      await mutateAsync({ ...customCall(followupRules.actions.save), values: { compId: company.id, days: value ? value : null }, errorNotification: false });
      toast?.({ type: "success", message: t("followups.rule.saved") });
      onClose();
    } catch {
      // Shown by the request layer; the dialog stays.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t("followups.rule.title", { company: company.name })}
      okText={t("followups.rule.save")}
      cancelText={t("followups.rule.cancel")}
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
      okButtonProps={{ "data-testid": "followup-rule-save", disabled: value === undefined } as ButtonProps}
    >
      {query.isLoading ? (
        <Spin />
      ) : (
        <Form layout="vertical">
          <Form.Item label={t("followups.rule.label")}>
            <Radio.Group value={value} onChange={(event) => setChosen(event.target.value as FollowupRuleDays | 0)} data-testid="followup-rule-days">
              <Radio value={0}>{t("followups.rule.none")}</Radio>
              {FOLLOWUP_RULE_DAYS.map((days) => (
                <Radio key={days} value={days}>
                  {t("followups.rule.days", { days })}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
