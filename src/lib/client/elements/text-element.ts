/** An element holding plain text: set as textContent, never parsed as HTML (search hits and toasts carry outside text). */
export function textElement<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  el.className = className;
  el.textContent = text;
  return el;
}
