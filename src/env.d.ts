/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    user: import('./lib/server/auth/session.ts').SessionUser | null;
    session: import('./lib/server/auth/session.ts').Session | null;
  }
}
