/**
 * The header's menus open inside the header. In the page's body they sat at a place in the
 * document, so when the page scrolled under the sticky header (as the browser restores a
 * list's scroll position after Back, once its rows are in) an open menu drifted with the
 * page until antd aligned it again, and a click aimed at an entry landed elsewhere.
 */
export const insideHeader = (trigger: HTMLElement): HTMLElement => trigger.closest("header") ?? document.body;
