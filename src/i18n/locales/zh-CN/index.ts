import common from "./common";
import controls from "./controls";
import shell from "./shell";

export default { common, controls, shell };
