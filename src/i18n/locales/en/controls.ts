import type { Messages } from "../../types";
import type zh from "../zh-CN/controls";

const controls: Messages<typeof zh> = {
};

export default controls;
