/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    user: import('./lib/server/auth/session.ts').SessionUser | null;
    session: import('./lib/server/auth/session.ts').Session | null;
    /** The glossary words already linked on this page (Term.astro links only a word's first use). */
    glossarySeen?: Set<string>;
  }
}
