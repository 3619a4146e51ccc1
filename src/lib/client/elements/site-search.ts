/**
 * <site-search>: the header's search form as an ARIA 1.2 combobox with a listbox popup (the APG
 * "list autocomplete" pattern). Typing asks GET /api/search; ArrowDown/ArrowUp move the active
 * option (aria-activedescendant, focus stays in the box), Enter opens it (or, with none active,
 * submits the form to /search), Escape closes the list, then clears the box. "/" and Ctrl/Cmd+K
 * focus the box from anywhere on the page but a text field (keyBelongsToField).
 *
 * Without this script the form is a plain GET to /search, server-rendered.
 */
import { SEARCH_KIND_LABELS, marketCapLine, normalizeQuery, searchPagePath, type ApiSearchHit } from '#lib/shared/search.ts';
import { keyBelongsToField } from '#lib/client/field-keys.ts';
import { define } from './define.ts';
import { textElement } from './text-element.ts';

/** An option of the list: a hit, or the last one, the page of every hit. */
type Option = ApiSearchHit | { kind: 'all'; title: string; detail: string; url: string };

class SiteSearch extends HTMLElement {
  #input!: HTMLInputElement;
  #list!: HTMLUListElement;
  #status!: HTMLElement;
  #hits: Option[] = [];
  #active = -1;
  /** The query whose answer may still change the list: older answers are dropped. */
  #asked = '';
  #request: AbortController | null = null;

  connectedCallback() {
    const input = this.querySelector('input');
    const list = this.querySelector('ul');
    const status = this.querySelector<HTMLElement>('[data-search-status]');
    if (!input || !list || !status) return;
    this.#input = input;
    this.#list = list;
    this.#status = status;
    input.addEventListener('input', () => void this.#ask());
    input.addEventListener('keydown', (e) => this.#onKey(e));
    input.addEventListener('focus', () => {
      if (this.#hits.length) this.#show(true);
    });
    this.addEventListener('focusout', (e) => {
      if (!this.contains(e.relatedTarget as Node | null)) this.#show(false);
    });
    // Keep the focus in the box while an option is clicked, then open it.
    list.addEventListener('pointerdown', (e) => e.preventDefault());
    list.addEventListener('click', (e) => {
      const option = (e.target as Element).closest<HTMLElement>('[role="option"]');
      if (option) this.#open(Number(option.dataset.index));
    });
    document.addEventListener('keydown', (e) => {
      const k = e.key.toLowerCase();
      const shortcut = (k === 'k' && (e.ctrlKey || e.metaKey) && !e.altKey) || (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey);
      if (!shortcut || e.defaultPrevented || keyBelongsToField(e)) return;
      e.preventDefault();
      input.focus();
      input.select();
    });
  }

  async #ask() {
    const query = normalizeQuery(this.#input.value);
    this.#asked = query;
    this.#request?.abort();
    if (!query) {
      this.#list.removeAttribute('aria-busy');
      return this.#render([]);
    }
    // Busy until the answer to the box's current text is drawn: an answer to an earlier prefix may
    // show first, and the final one redraws the list (assistive tech, and tests, wait for this).
    this.#list.setAttribute('aria-busy', 'true');
    const request = (this.#request = new AbortController());
    try {
      const res = await fetch(`/api/search?q=${encodeURIComponent(query)}`, { signal: request.signal });
      if (!res.ok) return;
      const body = (await res.json()) as { results: ApiSearchHit[] };
      if (this.#asked === query) this.#render(body.results);
    } catch {
      // Aborted by a newer query, or offline: Enter still submits the form to /search.
    } finally {
      if (this.#asked === query) this.#list.removeAttribute('aria-busy');
    }
  }

  #render(hits: ApiSearchHit[]) {
    const query = normalizeQuery(this.#input.value);
    // The list ends with the page of every hit, an option like the others (arrows reach it).
    this.#hits = hits.length ? [...hits, { kind: 'all', title: 'See all results', detail: '', url: searchPagePath(query) }] : [];
    this.#active = -1;
    this.#input.removeAttribute('aria-activedescendant');
    this.#list.replaceChildren(
      ...this.#hits.map((h, i) => {
        const li = document.createElement('li');
        li.id = `site-search-option-${i}`;
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', 'false');
        li.dataset.index = String(i);
        li.className = 'flex cursor-pointer items-baseline gap-3 rounded-md px-3 py-2 text-sm aria-selected:bg-surface-2';
        if (h.kind === 'all') {
          li.classList.add('border-t', 'border-border', 'font-medium', 'text-accent');
          li.dataset.all = '';
          li.textContent = h.title;
          return li;
        }
        const kind = textElement(
          'span',
          'w-16 shrink-0 text-xs font-semibold tracking-wide text-muted uppercase',
          SEARCH_KIND_LABELS[h.kind],
        );
        const text = document.createElement('span');
        text.className = 'min-w-0';
        text.append(textElement('span', 'block font-medium break-words text-fg', h.title));
        if (h.detail) text.append(textElement('span', 'block truncate text-xs text-muted', h.detail));
        const cap = marketCapLine(h);
        if (cap) text.append(textElement('span', 'block text-xs text-muted tabular-nums', cap));
        li.append(kind, text);
        return li;
      }),
    );
    this.#status.textContent = !query
      ? ''
      : hits.length
        ? `${hits.length} ${hits.length === 1 ? 'suggestion' : 'suggestions'}`
        : 'No matches';
    this.#show(hits.length > 0);
  }

  #show(open: boolean) {
    this.#list.hidden = !open;
    this.#input.setAttribute('aria-expanded', String(open));
  }

  #move(to: number) {
    const n = this.#hits.length;
    if (!n) return;
    this.#show(true);
    this.#active = (to + n) % n;
    for (const [i, li] of [...this.#list.children].entries()) li.setAttribute('aria-selected', String(i === this.#active));
    const option = this.#list.children[this.#active] as HTMLElement;
    this.#input.setAttribute('aria-activedescendant', option.id);
    option.scrollIntoView({ block: 'nearest' });
  }

  /**
   * Escape with the list open, or an answer still on its way: the list closes and stays closed. The
   * answer to the text typed last is dropped, not drawn: drawn after Escape it would open the list
   * again, and the next Escape would close it instead of clearing the box.
   */
  #dismiss() {
    this.#request?.abort();
    this.#asked = '';
    this.#list.removeAttribute('aria-busy');
    this.#show(false);
  }

  #open(index: number) {
    const hit = this.#hits[index];
    if (hit) location.assign(hit.url);
  }

  #onKey(e: KeyboardEvent) {
    const open = !this.#list.hidden;
    switch (e.key) {
      case 'ArrowDown':
        this.#move(open ? this.#active + 1 : 0);
        break;
      case 'ArrowUp':
        // From the box (no option active) up wraps to the last option.
        this.#move(open && this.#active >= 0 ? this.#active - 1 : -1);
        break;
      case 'Enter':
        if (!open || this.#active < 0) return; // the form submits to /search
        this.#open(this.#active);
        break;
      case 'Escape':
        if (open || this.#list.hasAttribute('aria-busy')) this.#dismiss();
        else if (this.#input.value) {
          this.#input.value = '';
          this.#render([]);
        } else return;
        break;
      default:
        return;
    }
    e.preventDefault();
  }
}

define('site-search', SiteSearch);
