import { useDelete, useNotification } from "@refinedev/core";
import { Button, Card, Empty, List, Popconfirm, Space, Tooltip, Typography } from "antd";
import type { AdminDimension } from "../../contract/questionnaires";
import { useT } from "../../src/i18n/I18nContext";

interface DimensionListProps {
  dimensions: readonly AdminDimension[];
  loading: boolean;
  selected?: string;
  onSelect: (serviceNo: string) => void;
  onAdd: () => void;
  onEdit: (dimension: AdminDimension) => void;
}

/** The dimensions in their tab order; the IP one is marked with a red asterisk, as its archive tab. */
export function DimensionList({ dimensions, loading, selected, onSelect, onAdd, onEdit }: DimensionListProps) {
  const t = useT();
  const { open: toast } = useNotification();
  const { mutateAsync: remove } = useDelete();

  const deleteDimension = async (dimension: AdminDimension) => {
    try {
      // The call takes { serviceNo }, not the { id } the data provider would make of the key.
      await remove({ resource: "dimensions", id: dimension.serviceNo, values: { serviceNo: dimension.serviceNo } });
      toast?.({ type: "success", message: t("questionnaires.done.deleted") });
    } catch {
      // The request layer has shown the server's message.
    }
  };

  const deleteButton = (dimension: AdminDimension) => {
    const button = (
      <Button type="link" size="small" danger disabled={dimension.questionCount > 0} data-testid={`dimension-delete-${dimension.serviceNo}`}>
        {t("questionnaires.dimensions.delete")}
      </Button>
    );
    if (dimension.questionCount > 0) return <Tooltip title={t("questionnaires.validation.dimensionHasQuestions")}>{button}</Tooltip>;
    return (
      <Popconfirm title={t("questionnaires.dimensions.deleteConfirm", { name: dimension.serviceName })} onConfirm={() => deleteDimension(dimension)}>
        {button}
      </Popconfirm>
    );
  };

  return (
    <Card
      size="small"
      title={t("questionnaires.dimensions.title")}
      extra={
        <Button type="primary" size="small" onClick={onAdd} data-testid="dimension-add">
          {t("questionnaires.dimensions.add")}
        </Button>
      }
    >
      <List<AdminDimension>
        loading={loading}
        dataSource={[...dimensions]}
        rowKey="serviceNo"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("questionnaires.dimensions.empty")} /> }}
        data-testid="dimension-list"
        renderItem={(dimension) => {
          const active = dimension.serviceNo === selected;
          return (
            <List.Item
              onClick={() => onSelect(dimension.serviceNo)}
              // A list item cannot be aria-selected (axe: aria-allowed-attr); the chosen one is current.
              aria-current={active ? "true" : undefined}
              style={{ cursor: "pointer", paddingInline: 8, background: active ? "#e6f4ff" : undefined }}
              data-testid={`dimension-item-${dimension.serviceNo}`}
              actions={[
                <Button
                  key="edit"
                  type="link"
                  size="small"
                  onClick={(event) => {
                    event.stopPropagation();
                    onEdit(dimension);
                  }}
                  data-testid={`dimension-edit-${dimension.serviceNo}`}
                >
                  {t("questionnaires.dimensions.edit")}
                </Button>,
                // Confirming a delete is no selection of the row it deletes.
                <span key="delete" onClick={(event) => event.stopPropagation()}>
                  {deleteButton(dimension)}
                </span>,
              ]}
            >
              <Space direction="vertical" size={0}>
                <span>
                  {dimension.isIp && (
                    <span style={{ color: "#ff4d4f", marginRight: 4 }} aria-label={t("questionnaires.dimensions.ipMark")}>
                      *
                    </span>
                  )}
                  {dimension.serviceName}
                </span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t("questionnaires.dimensions.sort", { sort: dimension.sort })} · {t("questionnaires.dimensions.questionCount", { count: dimension.questionCount })}
                </Typography.Text>
              </Space>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
