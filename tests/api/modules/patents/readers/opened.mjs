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

/** Rows as a reader thread hands them on (read/types.ts ThreadRow): `count` patents, CN9000000nnA, each a title and nothing else. */
export function patentRows(count) {
  return Array.from({ length: count }, (_, i) => {
    const publicationNumber = `CN9${String(i).padStart(8, "0")}A`;
    const record = {
      publicationNumber,
      applicationNumber: null,
      applyDate: null,
      publicationDate: null,
      grantDate: null,
      title: `读取中断的专利 ${i}`,
      abstract: null,
      applicants: [],
      applicantAddress: null,
      province: null,
      city: null,
      district: null,
      creditCode: null,
      inventors: [],
      ipc: [],
      mainIpc: null,
      cpc: [],
      patentType: "invention",
      legalStatus: "pending",
      priorityNumbers: [],
      family: [],
      citedBy: null,
      jurisdiction: "CN",
      segments: [],
    };
    return { line: i + 2, publicationNumber, json: JSON.stringify(record) };
  });
}
