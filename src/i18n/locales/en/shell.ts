import type { Messages } from "../../types";
import type zh from "../zh-CN/shell";

const shell: Messages<typeof zh> = {
};

export default shell;
