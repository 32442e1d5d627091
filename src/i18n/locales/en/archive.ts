import type { Messages } from "../../types";
import type zh from "../zh-CN/archive";

const archive: Messages<typeof zh> = {
  form: {
    back: "Back",
    serviceContent: "Service record",
    textCount: "{count} / {max}",
  },
};

export default archive;
