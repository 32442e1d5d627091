import type { Messages } from "../../types";
import type zh from "../zh-CN";
import account from "./account";
import admin from "./admin";
import archive from "./archive";
import auth from "./auth";
import common from "./common";
import companies from "./companies";
import controls from "./controls";
import shell from "./shell";
import providers from "./providers";
import server from "./server";
import questionnaires from "./questionnaires";
import userManage from "./userManage";

const en: Messages<typeof zh> = { account, admin, archive, auth, common, companies, controls, shell, providers, questionnaires, server, userManage };
export default en;
