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

/** What the browser shows: every namespace but the server's own texts (server.ts), which only the server renders. */
export default { account, admin, archive, auth, common, companies, controls, followups, patents, shell, providers, questionnaires, userManage, visits, statistics };
