import account from "./account";
import archive from "./archive";
import auth from "./auth";
import common from "./common";
import controls from "./controls";
import shell from "./shell";
import providers from "./providers";

export default { account, archive, auth, common, controls, shell, providers };
