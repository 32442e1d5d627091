interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlaps = (a: Box, b: Box, margin: number): boolean =>
  a.bottom >= b.top - margin && a.top <= b.bottom + margin && a.right >= b.left - margin && a.left <= b.right + margin;

/** Whether the element shows in the window, and inside `container` when it scrolls within one. */
export function isInView(element: Element, container: Element | null, margin: number): boolean {
  const box = element.getBoundingClientRect();
  const windowBox = { top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth };
  if (!overlaps(box, windowBox, margin)) return false;
  return container === null || overlaps(box, container.getBoundingClientRect(), margin);
}
