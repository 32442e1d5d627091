import type { Messages } from "../../types";
import type zh from "../zh-CN";
import account from "./account";
import archive from "./archive";
import auth from "./auth";
import common from "./common";
import controls from "./controls";
import shell from "./shell";
import providers from "./providers";

const en: Messages<typeof zh> = { account, archive, auth, common, controls, shell, providers };
export default en;
