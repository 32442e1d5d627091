import type { Messages } from "../../types";
import type zh from "../zh-CN";
import app from "./app";
import server from "./server";

const en: Messages<typeof zh> = { ...app, server };
export default en;
