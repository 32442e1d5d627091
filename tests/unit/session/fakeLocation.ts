import { vi, type Mock } from "vitest";

export interface FakeLocation {
  origin: string;
  pathname: string;
  href: string;
  assign: Mock<(url: string) => void>;
}

/** jsdom cannot leave the page; this stands in for window.location (undo with vi.unstubAllGlobals). */
export function fakeLocation(pathname = "/"): FakeLocation {
  const origin = "http://localhost:8080";
  const location: FakeLocation = { origin, pathname, href: origin + pathname, assign: vi.fn() };
  vi.stubGlobal("location", location);
  return location;
}
