import type { Locale } from "../../../i18n/types";
import { text, type ServerText } from "../../i18n";

const UNKNOWN = text("server.sessions.unknownBrowser");
const WECHAT = text("server.sessions.wechat");

/** Checked in order: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSERS: readonly [name: string | ServerText, pattern: RegExp][] = [
  [WECHAT, /MicroMessenger\/(\d+)/],
  ["Edge", /Edg(?:e|A|iOS)?\/(\d+)/],
  ["Opera", /(?:OPR|Opera)\/(\d+)/],
  ["Firefox", /(?:Firefox|FxiOS)\/(\d+)/],
  ["Chrome", /(?:Chrome|CriOS)\/(\d+)/],
  ["Safari", /Version\/(\d+)[^ ]* .*Safari\//],
];

/** Checked in order: Android also says Linux, iOS also says Mac OS X. */
const SYSTEMS: readonly [name: string, pattern: RegExp][] = [
  ["Windows", /Windows/],
  ["Android", /Android/],
  ["iOS", /iPhone|iPad|iPod/],
  ["macOS", /Mac OS X|Macintosh/],
  ["Linux", /Linux|X11/],
];

/**
 * A short readable name of the browser and system behind a user agent, for the session list,
 * e.g. "Chrome 126 / Windows", in the reader's language where a name has one. The full user agent
 * travels beside it.
 */
export function browserOf(userAgent: string | null, locale: Locale): string {
  if (!userAgent) return UNKNOWN.in(locale);
  const browser = BROWSERS.map(([name, pattern]) => [name, pattern.exec(userAgent)] as const).find(([, match]) => match !== null);
  const system = SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0];
  const name = browser && (typeof browser[0] === "string" ? browser[0] : browser[0].in(locale));
  const shown = browser ? `${name} ${browser[1]?.[1] ?? ""}`.trim() : UNKNOWN.in(locale);
  return system ? `${shown} / ${system}` : shown;
}
