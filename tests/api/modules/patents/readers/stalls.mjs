/** A reader thread that opens the export and then never answers for its rows (a very slow read). */
import { parentPort } from "node:worker_threads";
import { OPENED } from "./opened.mjs";

parentPort.postMessage(OPENED);
parentPort.on("message", () => undefined);
