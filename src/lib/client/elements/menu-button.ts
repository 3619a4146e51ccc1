/**
 * <menu-button>: a trigger ([data-menu-trigger]) that opens a menu ([role="menu"]) of links and
 * buttons (role="menuitem"), operable by keyboard as the ARIA menu-button pattern says: Enter,
 * Space or ArrowDown open it on the first item, ArrowUp on the last; arrows, Home and End move;
 * Escape closes it and gives focus back to the trigger; Tab, a click outside or choosing an item
 * close it.
 *
 * Without JavaScript (or before this module runs) a trigger that is a link goes to a plain list of
 * the same links (data-fallback names its id; CSS :target shows it). A click made before the
 * element was defined leaves that fragment: the element then opens its own menu in its place and
 * keeps the fallback hidden from then on.
 */
import { isPlainClick, takeFragment } from '#lib/client/url-state.ts';
import { define } from './define.ts';

class MenuButton extends HTMLElement {
  #trigger!: HTMLElement;
  #menu!: HTMLElement;

  connectedCallback() {
    const trigger = this.querySelector<HTMLElement>('[data-menu-trigger]');
    const menu = this.querySelector<HTMLElement>('[role="menu"]');
    if (!trigger || !menu) return;
    this.#trigger = trigger;
    this.#menu = menu;
    trigger.setAttribute('aria-haspopup', 'menu');
    trigger.setAttribute('aria-expanded', 'false');
    trigger.addEventListener('click', (e) => {
      if (!isPlainClick(e)) return;
      e.preventDefault();
      if (this.isOpen) this.close(false);
      else this.open(0);
    });
    trigger.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') this.open(0);
      else if (e.key === 'ArrowUp') this.open(-1);
      else return;
      e.preventDefault();
    });
    menu.addEventListener('keydown', (e) => this.#onMenuKey(e));
    menu.addEventListener('click', (e) => {
      if ((e.target as Element).closest('[role="menuitem"]')) this.close(false);
    });
    this.addEventListener('focusout', (e) => {
      if (this.isOpen && !this.contains(e.relatedTarget as Node | null)) this.close(false);
    });
    document.addEventListener('pointerdown', (e) => {
      if (this.isOpen && !this.contains(e.target as Node)) this.close(false);
    });
    const fallbackId = this.dataset.fallback;
    if (fallbackId) {
      const fallback = document.getElementById(fallbackId);
      if (fallback) fallback.hidden = true; // `hidden` beats :target
      if (takeFragment(fallbackId)) this.open(0);
    }
  }

  get isOpen(): boolean {
    return !this.#menu.hidden;
  }

  get #items(): HTMLElement[] {
    return [...this.#menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  }

  /** Opens the menu with focus on item `index` (negative counts from the end). */
  open(index: number) {
    this.#menu.hidden = false;
    this.#trigger.setAttribute('aria-expanded', 'true');
    this.dataset.state = 'open';
    this.#items.at(index)?.focus();
  }

  close(returnFocus: boolean) {
    if (!this.isOpen) return;
    this.#menu.hidden = true;
    this.#trigger.setAttribute('aria-expanded', 'false');
    delete this.dataset.state;
    if (returnFocus) this.#trigger.focus();
  }

  #onMenuKey(e: KeyboardEvent) {
    const items = this.#items;
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    switch (e.key) {
      case 'ArrowDown':
        move(at + 1);
        break;
      case 'ArrowUp':
        move(at - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(-1);
        break;
      case 'Escape':
        this.close(true);
        break;
      case 'Tab':
        this.close(false);
        return; // Tab moves on as usual
      default:
        return;
    }
    e.preventDefault();
  }
}

define('menu-button', MenuButton);
