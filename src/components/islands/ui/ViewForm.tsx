import type { ReactNode } from 'react';

interface Props {
  /** The page and the section to come back to: the form submits to `${path}?...#${hash}`. */
  path: string;
  hash: string;
  /** The rest of the view's query (viewParams), carried through as hidden fields. */
  carry: [string, string][];
  className?: string;
  children: ReactNode;
}

/**
 * A GET form holding some of a page's view state. Before its island hydrates, or without
 * JavaScript, submitting it loads the page with that state in the query (the server renders it);
 * once hydrated the island handles changes in place and the form never submits.
 */
export default function ViewForm({ path, hash, carry, className, children }: Props) {
  return (
    <form method="get" action={`${path}#${hash}`} className={className} onSubmit={(e) => e.preventDefault()}>
      {carry.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}
