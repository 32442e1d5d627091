import { describe, expect, it } from "vitest";
import { ApiError } from "../../../providers/apiError";
import { exportFailure } from "../../../src/components/ExportButton";

const FAILED = "导出失败";
const refusal = (httpStatus: number, code: number, message: string) => new ApiError(message, { code, httpStatus, body: { code, message } });

describe("exportFailure", () => {
  it("words a refusal with the server's reason: too many rows, too many exports of the user's or of all", () => {
    expect(exportFailure(refusal(400, 400, "符合条件的走访记录超过 50000 条，请缩小筛选范围后再导出"), FAILED)).toBe("符合条件的走访记录超过 50000 条，请缩小筛选范围后再导出");
    expect(exportFailure(refusal(429, 429, "您已有 2 个导出正在进行，请等其完成后再导出"), FAILED)).toBe("您已有 2 个导出正在进行，请等其完成后再导出");
    expect(exportFailure(refusal(503, 503, "正在进行的导出较多，请稍后再试"), FAILED)).toBe("正在进行的导出较多，请稍后再试");
  });

  it("words anything else with the export's own wording", () => {
    expect(exportFailure(refusal(500, 500, "服务器内部错误"), FAILED)).toBe(FAILED);
    // No envelope came: a proxy's page, a dropped connection.
    expect(exportFailure(new ApiError("请求失败", { httpStatus: 502 }), FAILED)).toBe(FAILED);
    expect(exportFailure(new ApiError("网络错误", { httpStatus: 0 }), FAILED)).toBe(FAILED);
    expect(exportFailure(new Error("blob"), FAILED)).toBe(FAILED);
  });
});
