/**
 * The export reader's thread (started by inWorker.ts; from the sources through worker.mjs): opens
 * the export as openExport does, tells the headers and the mapping, then reads the rows a batch at
 * a time, one batch each time the importing thread asks, each patent with its full-text document's
 * text (tokenized here, beside the writing, rather than by the writing thread between its
 * statements). Whatever the file costs to read is this thread's heap, bounded by the Worker's
 * resourceLimits; its temporary files (an .xlsx's shared strings) go to os.tmpdir(), which the
 * importing thread pointed at a directory it removes.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { ReadRow } from "../../../../contract/patents/record";
import type { Dialect } from "../../../db/database";
import { documentText } from "../search/fullText";
import { openExport } from "./index";
import { UnreadableExport, type ColumnMapping, type ThreadRow } from "./types";
import type { FromReader, ToReader } from "./inWorker";

const port = parentPort;
if (!port) throw new Error("worker.ts runs in a worker thread");
const { path, originalName, mapping, batchRows, dialect } = workerData as { path: string; originalName: string; mapping?: ColumnMapping; batchRows: number; dialect: Dialect };
const send = (message: FromReader) => port.postMessage(message);

const failed = (error: unknown): FromReader =>
  error instanceof UnreadableExport
    ? { type: "failed", reason: error.reason, message: error.message }
    : { type: "failed", reason: null, message: error instanceof Error ? error.message : String(error) };

try {
  const opened = await openExport(path, originalName, mapping);
  const { format, encoding, headers, mapping: inForce, unmapped, complete, total } = opened;
  send({ type: "opened", opened: { format, encoding, headers, mapping: inForce, unmapped, complete, total } });
  let rows: AsyncIterator<ReadRow> | null = null;
  // One batch at a time, in the order asked.
  let reading = Promise.resolve();
  port.on("message", (message: ToReader) => {
    if (message.type !== "more") return;
    reading = reading.then(async () => {
      try {
        rows ??= opened.rows()[Symbol.asyncIterator]();
        const batch: ThreadRow[] = [];
        let done = false;
        while (batch.length < batchRows) {
          const next = await rows.next();
          if (next.done) {
            done = true;
            break;
          }
          const row = next.value;
          if (!("record" in row)) batch.push(row);
          else {
            const { record } = row;
            batch.push({ line: row.line, publicationNumber: record.publicationNumber, json: JSON.stringify(record), text: documentText(dialect, record.title, record.abstract) });
          }
        }
        if (batch.length > 0) send({ type: "rows", rows: batch });
        if (done) send({ type: "end" });
      } catch (error) {
        send(failed(error));
      }
    });
  });
} catch (error) {
  send(failed(error));
}
