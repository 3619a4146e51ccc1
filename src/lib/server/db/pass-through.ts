/**
 * A Proxy of `target` that answers the properties named in `overrides` from there and passes every
 * other through unchanged, its methods bound to the target: the one way the database modules wrap
 * a libSQL client, a transaction or the drizzle database to add one behaviour.
 */
export function passThrough<T extends object>(target: T, overrides: { [K in keyof T]?: unknown }): T {
  return new Proxy(target, {
    get(t, prop) {
      if (Object.hasOwn(overrides, prop)) return overrides[prop as keyof T];
      const value: unknown = Reflect.get(t, prop, t);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(t) : value;
    },
  });
}
