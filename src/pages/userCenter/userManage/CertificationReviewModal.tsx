import { useNotification, useOne } from "@refinedev/core";
import { Button, Descriptions, Form, Input, Popconfirm, Space, Spin } from "antd";
import { DraggableModal } from "../../../components/DraggableModal";
import { useT } from "../../../i18n/I18nContext";
import { LicenseImage } from "../LicenseImage";
import { REJECT_REASON_MAX, type CertificationReview } from "./types";
import { useWriteCall } from "./useWriteCall";
import type { Call } from "../../../../contract/resourceCalls";
import { certifications } from "../../../../resources/certifications/resource";

/**
 * One application, read through GET /api/certification/:id, which moves a submitted application to
 * reviewing. An undecided one can be approved, or rejected with a reason the applicant is shown.
 */
export function CertificationReviewModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useT();
  const { open: toast } = useNotification();
  const [form] = Form.useForm<{ reason: string }>();
  const { write, pending } = useWriteCall("certifications");
  const { result: application, query } = useOne<CertificationReview>({
    resource: "certifications",
    id: id ?? 0,
    queryOptions: { enabled: id !== null },
  });
  const undecided = application?.state === "submitted" || application?.state === "reviewing";

  // The reason typed for one application is not carried to the next one opened.
  const close = () => {
    if (undecided) form.resetFields();
    onClose();
  };

  const decide = async (action: Call & { method: "post" }, values: object, done: string) => {
    try {
      await write(action, values);
      toast?.({ type: "success", message: t(done) });
      close();
    } catch {
      // The request layer has shown the server's message.
    }
  };

  return (
    <DraggableModal
      open={id !== null}
      title={t("userManage.certifications.detailTitle")}
      width={640}
      onCancel={close}
      destroyOnHidden
      footer={
        <Button onClick={close} data-testid="certification-review-cancel">
          {t("controls.dialog.cancel")}
        </Button>
      }
    >
      {query.isLoading || !application ? (
        <Spin />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered data-testid="certification-review">
            <Descriptions.Item label={t("userManage.certifications.companyName")}>{application.companyName}</Descriptions.Item>
            <Descriptions.Item label={t("userManage.certifications.creditCode")}>{application.creditCode}</Descriptions.Item>
            <Descriptions.Item label={t("userManage.certifications.applicant")}>
              {application.name || application.username}
            </Descriptions.Item>
            <Descriptions.Item label={t("userManage.certifications.contactPerson")}>{application.contactPerson}</Descriptions.Item>
            <Descriptions.Item label={t("userManage.certifications.contactPhone")}>{application.contactPhone}</Descriptions.Item>
            <Descriptions.Item label={t("userManage.certifications.license")}>
              <LicenseImage fileId={application.licenseFileId} />
            </Descriptions.Item>
            <Descriptions.Item label={t("userManage.certifications.state")}>
              {t(`userManage.certifications.states.${application.state}`)}
            </Descriptions.Item>
            {application.rejectReason && (
              <Descriptions.Item label={t("userManage.certifications.rejectReason")}>{application.rejectReason}</Descriptions.Item>
            )}
          </Descriptions>
          {undecided && (
            <Form
              form={form}
              layout="vertical"
              style={{ marginTop: 16 }}
              onFinish={({ reason }) =>
                decide(certifications.actions.reject, { id: application.id, reason: reason.trim() }, "userManage.certifications.rejected")
              }
            >
              <Form.Item
                name="reason"
                label={t("userManage.certifications.reasonLabel")}
                rules={[
                  { required: true, whitespace: true, message: t("userManage.certifications.reasonRequired") },
                  {
                    max: REJECT_REASON_MAX,
                    message: t("userManage.certifications.reasonTooLong", { max: REJECT_REASON_MAX }),
                  },
                ]}
              >
                <Input.TextArea
                  rows={3}
                  showCount
                  maxLength={REJECT_REASON_MAX}
                  placeholder={t("userManage.certifications.reasonPlaceholder")}
                  data-testid="certification-reject-reason"
                />
              </Form.Item>
              <Space>
                <Popconfirm
                  title={t("userManage.certifications.approveConfirm", { company: application.companyName })}
                  onConfirm={() => decide(certifications.actions.approve, { id: application.id }, "userManage.certifications.approved")}
                >
                  <Button type="primary" loading={pending} data-testid="certification-approve">
                    {t("userManage.certifications.approve")}
                  </Button>
                </Popconfirm>
                <Button danger htmlType="submit" loading={pending} data-testid="certification-reject">
                  {t("userManage.certifications.rejectSubmit")}
                </Button>
              </Space>
            </Form>
          )}
        </>
      )}
    </DraggableModal>
  );
}
