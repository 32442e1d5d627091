/**
 * A reader thread that opens the export and hands on a batch of 250 patents (the import writes two
 * batches of them), then runs out of its memory reading the next rows.
 */
import { parentPort } from "node:worker_threads";
import { exhaustMemory, OPENED, patentRows } from "./opened.mjs";

parentPort.postMessage(OPENED);
let asked = 0;
parentPort.on("message", () => {
  asked += 1;
  if (asked === 1) parentPort.postMessage({ type: "rows", rows: patentRows(250) });
  else exhaustMemory();
});
