/**
 * Whether a key belongs to the text field it was typed in. A site shortcut ("/" and Ctrl/Cmd+K for
 * the search, F8 for the notifications) must leave such a key alone, or a writer typing "and/or"
 * in a post loses the rest of the sentence to the search box.
 *
 * The event's composed path is read, not `document.activeElement`: a field inside a shadow root
 * (the Markdown editor's contenteditable) shows only its shadow host as the active element.
 */
export function keyBelongsToField(event: Event): boolean {
  return event.composedPath().some(isEditable);
}

function isEditable(target: EventTarget): boolean {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}
