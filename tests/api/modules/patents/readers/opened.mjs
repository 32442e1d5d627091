/**
 * What the tests' reader threads say first (read/inWorker.ts's "opened" message): a Patsnap
 * export of one row, its publication number and title mapped, so that an import starts on it.
 */
export const OPENED = {
  type: "opened",
  opened: {
    format: "xlsx",
    headers: ["公开(公告)号", "标题"],
    mapping: { "公开(公告)号": "publicationNumber", 标题: "title" },
    unmapped: [],
    complete: true,
    total: 1,
  },
};

/** Takes memory until the thread's heap bound ends the thread (ERR_WORKER_OUT_OF_MEMORY). */
export function exhaustMemory() {
  const kept = [];
  for (;;) kept.push(new Array(64 * 1024).fill(kept.length));
}
