import { Type } from "typebox";

/** A district (or functional zone) of the city, as GET /portal/areas/list answers it. */
export const Area = Type.Object({
  code: Type.String({ description: "行政区划代码；功能区为平台自定代码（如 cdgxq）" }),
  name: Type.String({ description: "名称" }),
});
