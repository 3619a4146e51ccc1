import { useEffect, useRef, useState } from 'react';

interface Props {
  name: string;
  iconUrl: string;
  /** The network's page: the name becomes a link to it. */
  href?: string;
}

/** A network's icon and name; a lettered disc stands in while the icon is missing or broken. */
export default function NetworkName({ name, iconUrl, href }: Props) {
  const [broken, setBroken] = useState(!iconUrl);
  const img = useRef<HTMLImageElement>(null);
  // An icon may fail before hydration, when React's onError is not yet listening.
  useEffect(() => {
    const el = img.current;
    if (el && el.complete && el.naturalWidth === 0) setBroken(true);
  }, []);
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      <span
        aria-hidden
        className="relative grid size-6 shrink-0 place-items-center overflow-hidden rounded-full bg-surface-2 text-[10px] font-semibold text-muted ring-1 ring-border"
      >
        {name.slice(0, 2).toUpperCase()}
        {!broken && (
          <img
            ref={img}
            src={iconUrl}
            alt=""
            width={24}
            height={24}
            loading="lazy"
            decoding="async"
            onError={() => setBroken(true)}
            className="absolute inset-0 size-6 bg-surface-2 object-contain"
          />
        )}
      </span>
      {href ? (
        <a href={href} className="min-w-0 truncate font-medium text-fg underline-offset-4 hover:underline">
          {name}
        </a>
      ) : (
        <span className="min-w-0 truncate font-medium text-fg">{name}</span>
      )}
    </span>
  );
}
