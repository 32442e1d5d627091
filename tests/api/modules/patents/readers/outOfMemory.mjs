/** A reader thread that opens the export, then runs out of its memory reading the first rows. */
import { parentPort } from "node:worker_threads";
import { exhaustMemory, OPENED } from "./opened.mjs";

parentPort.postMessage(OPENED);
parentPort.once("message", exhaustMemory);
