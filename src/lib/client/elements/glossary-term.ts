/**
 * <glossary-term>: a glossary link whose tooltip CSS shows on hover and focus (global.css, .term).
 * This adds what CSS cannot: a first tap on a touch screen opens the tooltip instead of leaving the
 * page (a second tap follows the link), and Escape hides an open tooltip until the pointer or the
 * focus leaves (WCAG 1.4.13: a tooltip can be dismissed without moving).
 */
import { define } from './define.ts';

class GlossaryTerm extends HTMLElement {
  #touch = false;

  connectedCallback() {
    const link = this.querySelector('a');
    if (!link) return;
    link.addEventListener('pointerdown', (e) => (this.#touch = e.pointerType === 'touch'));
    link.addEventListener('click', (e) => {
      if (!this.#touch || this.hasAttribute('open')) return;
      e.preventDefault();
      for (const other of document.querySelectorAll('glossary-term[open]')) other.removeAttribute('open');
      this.setAttribute('open', '');
    });
    const reset = () => {
      this.removeAttribute('dismissed');
      this.removeAttribute('open');
    };
    this.addEventListener('pointerleave', (e) => {
      if (e.pointerType !== 'touch') reset();
    });
    this.addEventListener('focusout', reset);
  }
}

// One listener for every term: Escape hides the shown tooltips; a tap elsewhere closes a tapped one.
document.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape') return;
  for (const t of document.querySelectorAll('glossary-term'))
    if (t.matches(':hover, :focus-within, [open]')) t.setAttribute('dismissed', '');
});
document.addEventListener('pointerdown', (e) => {
  for (const t of document.querySelectorAll('glossary-term[open]')) if (!t.contains(e.target as Node)) t.removeAttribute('open');
});

define('glossary-term', GlossaryTerm);
