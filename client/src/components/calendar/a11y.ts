import { useEffect, type RefObject } from 'react';

/**
 * react-big-calendar 1.20 writes ARIA that does not hold together in the week and day views: a
 * `role="columnheader"` inside a button of a header that is not a row, and `role="row"` on the
 * all-day row's content with no cells (axe: aria-required-parent / aria-required-children,
 * critical). The roles are removed as the calendar renders them; the headers stay buttons
 * with their text, the grid stays readable in order. The scrolling hours get a tab stop
 * (axe: scrollable-region-focusable).
 */
// Every role in the header of the week and day views (the header is not a table there).
const BROKEN = '.rbc-time-header [role], .rbc-time-header [aria-sort]';

export function useCalendarAriaFix(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const fix = () => {
      el.querySelectorAll(BROKEN).forEach((node) => {
        node.removeAttribute('role');
        node.removeAttribute('aria-sort');
      });
      // Month rows: "+N more" sits in a row without a cell; its segment becomes the cell.
      el.querySelectorAll('.rbc-month-view .rbc-row-segment:not([role])').forEach((node) => {
        if (node.querySelector(':scope > .rbc-show-more, :scope > button')) node.setAttribute('role', 'cell');
      });
      // The scrolling hours of the week and day views can be scrolled with the keyboard.
      el.querySelectorAll('.rbc-time-content:not([tabindex])').forEach((node) => node.setAttribute('tabindex', '0'));
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(el, { subtree: true, childList: true });
    return () => observer.disconnect();
  }, [root]);
}
