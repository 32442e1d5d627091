import type { Messages } from "../../types";
import type zh from "../zh-CN";
import archive from "./archive";
import common from "./common";
import controls from "./controls";
import shell from "./shell";
import providers from "./providers";

const en: Messages<typeof zh> = { archive, common, controls, shell, providers };
export default en;
