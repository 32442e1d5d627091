import type { Messages } from "../../types";
import type zh from "../zh-CN/common";

const common: Messages<typeof zh> = {
};

export default common;
