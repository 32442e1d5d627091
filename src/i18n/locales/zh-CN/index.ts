import common from "./common";
import controls from "./controls";
import shell from "./shell";
import providers from "./providers";

export default { common, controls, shell, providers };
