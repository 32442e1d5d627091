import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, fromDbTime, parseDateTime, toDbTime } from "../../../server/db/time";

describe("time", () => {
  const instant = new Date("2026-03-01T16:30:05.000Z");

  it("stores ISO text on SQLite and a Date on PostgreSQL, and reads both back", () => {
    expect(toDbTime("sqlite", instant)).toBe("2026-03-01T16:30:05.000Z");
    expect(toDbTime("postgres", instant)).toBe(instant);
    expect(fromDbTime("2026-03-01T16:30:05.000Z")).toEqual(instant);
    expect(fromDbTime(instant)).toEqual(instant);
  });

  it("formats in the platform's time zone", () => {
    expect(formatDateTime(instant, "Asia/Shanghai")).toBe("2026-03-02 00:30:05");
    expect(formatDate(instant, "Asia/Shanghai")).toBe("2026-03-02");
    expect(formatDateTime(instant, "UTC")).toBe("2026-03-01 16:30:05");
  });

  it("parses wall-clock text in the time zone, including daylight-saving zones", () => {
    expect(parseDateTime("2026-03-02 00:30:05", "Asia/Shanghai")).toEqual(instant);
    expect(parseDateTime("2026-03-02", "Asia/Shanghai")).toEqual(new Date("2026-03-01T16:00:00.000Z"));
    expect(parseDateTime("2026-07-01 12:00:00", "Europe/Berlin")).toEqual(new Date("2026-07-01T10:00:00.000Z"));
    expect(parseDateTime("2026-01-01 12:00:00", "Europe/Berlin")).toEqual(new Date("2026-01-01T11:00:00.000Z"));
  });

  it("round-trips", () => {
    const text = "2025-12-31 23:59:59";
    expect(formatDateTime(parseDateTime(text, "Asia/Shanghai")!, "Asia/Shanghai")).toBe(text);
  });

  it.each(["2026-02-30 10:00:00", "2026-13-01", "2026-01-01 24:00:00", "yesterday", ""])("refuses %j", (text) => {
    expect(parseDateTime(text, "Asia/Shanghai")).toBeNull();
  });
});
