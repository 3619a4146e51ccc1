/** Defines a custom element once (a module evaluated twice, or two bundles, must not throw). */
export function define(name: string, element: CustomElementConstructor): void {
  if (!customElements.get(name)) customElements.define(name, element);
}
