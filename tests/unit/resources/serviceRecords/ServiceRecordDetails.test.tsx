import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { ConfigProvider } from "antd";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import { accessControlProvider } from "../../../../providers/accessControl";
import { dataProvider } from "../../../../providers/dataProvider";
import { resources } from "../../../../resources";
import ServiceRecordDetails from "../../../../resources/serviceRecords/ServiceRecordDetails";
import { AccessProvider } from "../../../../src/access/AccessProvider";
import { storeSession } from "../../access/refineHarness";
import { fakeNotifier, restoreNetwork, stubNetwork } from "../../providers/network";
import { archiveReply, COMP, ok, sentTo } from "./archiveHarness";

afterEach(() => {
  restoreNetwork();
  vi.restoreAllMocks();
});

function renderForm(path: string) {
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <MemoryRouter initialEntries={[path]}>
        <Refine routerProvider={routerProvider} dataProvider={dataProvider} accessControlProvider={accessControlProvider} resources={resources} options={{ disableTelemetry: true }}>
          <AccessProvider>
            <Routes>
              <Route path="/serviceFilesDetails" element={<ServiceRecordDetails />} />
              <Route path="/serviceFiles" element={<div data-testid="archive-mark" />} />
            </Routes>
          </AccessProvider>
        </Refine>
      </MemoryRouter>
    </ConfigProvider>,
  );
}

describe("the visit record form", () => {
  it("starts with the SPEC defaults and shows the required messages", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT]);
    stubNetwork(archiveReply());
    renderForm(`/serviceFilesDetails?compId=${COMP}`);
    expect(await screen.findByText("一般")).toBeInTheDocument();
    expect(screen.getByText("未开通")).toBeInTheDocument();
    fireEvent.change(screen.getByTestId("form-contactPersonPhone"), { target: { value: "12ab" } });
    fireEvent.click(screen.getByTestId("form-save"));
    for (const text of ["请输入合作伙伴", "请输入正确的联系电话"]) expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it("has no Save in the read-only view and goes back to the archive", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT]);
    stubNetwork(archiveReply());
    const notifier = fakeNotifier();
    renderForm(`/serviceFilesDetails?compId=${COMP}&disable=true`);
    expect(await screen.findByTestId("form-back")).toBeInTheDocument();
    expect(screen.queryByTestId("form-save")).toBeNull();
    fireEvent.click(screen.getByTestId("form-back"));
    await waitFor(() => expect(screen.getByTestId("archive-mark")).toBeInTheDocument());
    expect(notifier.success).not.toHaveBeenCalled();
  });

  it("loads a record, saves it with its id, says 'Saved successfully' and goes back", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT]);
    const notifier = fakeNotifier();
    const record = {
      id: 31, compId: 5, companyName: "芯片公司", researchers: "李研", contactPerson: "张三", contactPersonPhone: "13800000000",
      contactPersonPosition: null, cooperativePartner: "伙伴", belongCustomer: "客户", businessOpportunity: "商机",
      comprehensiveEvaluation: "good", isOpenPatnavi: "opened", mainBusiness: "封装", serviceContent: "<p>走访</p>",
      serviceTime: "2024-05-01 12:00:00", nextFollowTime: null, attachment: null, attachmentName: null,
    };
    const seen = stubNetwork(archiveReply({ "/api/archives/queryById/31": ok(record) }));
    renderForm(`/serviceFilesDetails?compId=${COMP}&id=31`);
    await waitFor(() => expect(screen.getByTestId("form-cooperativePartner")).toHaveValue("伙伴"));
    expect(screen.getByTestId("service-content-count")).toHaveTextContent("2 / 1000");
    fireEvent.click(screen.getByTestId("form-save"));
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith("保存成功"));
    await waitFor(() => expect(screen.getByTestId("archive-mark")).toBeInTheDocument());
    expect(sentTo(seen, "/api/archives/releaseArchives")[0]).toMatchObject({
      id: "31", compId: 5, cooperativePartner: "伙伴", serviceTime: "2024-05-01 12:00:00", nextFollowTime: null, attachment: null,
    });
  });

  it("only logs a failed detail load", async () => {
    storeSession([MenuCode.SERVICE_FILES, MenuCode.SERVICE_FILES_EDIT]);
    const notifier = fakeNotifier();
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    stubNetwork(archiveReply({ "/api/archives/queryById/9": { status: 500, data: { code: 500, message: "boom" } } }));
    renderForm(`/serviceFilesDetails?compId=${COMP}&id=9&disable=true`);
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(notifier.error).not.toHaveBeenCalled();
  });
});
