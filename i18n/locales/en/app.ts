import type { Messages } from "../../types";
import type zhApp from "../zh-CN/app";
import account from "./account";
import admin from "./admin";
import archive from "./archive";
import auth from "./auth";
import common from "./common";
import companies from "./companies";
import controls from "./controls";
import followups from "./followups";
import patents from "./patents";
import shell from "./shell";
import statistics from "./statistics";
import providers from "./providers";
import questionnaires from "./questionnaires";
import userManage from "./userManage";
import visits from "./visits";

/** What the browser shows in English (see ../zh-CN/app.ts); loaded only when English is chosen. */
const en: Messages<typeof zhApp> = { account, admin, archive, auth, common, companies, controls, followups, patents, shell, providers, questionnaires, userManage, visits, statistics };
export default en;
