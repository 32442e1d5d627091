import archive from "./archive";
import common from "./common";
import controls from "./controls";
import shell from "./shell";
import providers from "./providers";

export default { archive, common, controls, shell, providers };
