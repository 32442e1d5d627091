import type { Messages } from "../../types";
import type zh from "../zh-CN";
import common from "./common";
import controls from "./controls";
import shell from "./shell";

const en: Messages<typeof zh> = { common, controls, shell };
export default en;
