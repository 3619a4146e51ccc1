import type { ReactNode } from 'react';

/**
 * The size a chart is drawn at for a phone before its island measures the box: about the box a
 * 360-430 px screen gives it (h-72 tall), so the SVG scales by about one and its 12 px text stays
 * 11-13 px. A desktop drawing squeezed into a phone's box would shrink its text to a third.
 */
export const PHONE_DRAWING = { width: 320, height: 288 };

/**
 * Before the island runs (the server's HTML, a slow phone, no JavaScript) the server cannot know
 * the screen: it sends a wide drawing and a phone one, and CSS shows the one that fits (below sm,
 * 640 px, the phone's). Once measured, the island draws one chart at the box's real size, in the
 * wide drawing's place (the same element, so nothing holding it is left detached).
 */
export default function ServerDrawings({ measured, wide, phone }: { measured: boolean; wide: ReactNode; phone: () => ReactNode }) {
  return (
    <>
      <div className={measured ? 'h-full' : 'hidden h-full sm:block'} data-drawing={measured ? undefined : 'wide'}>
        {wide}
      </div>
      {!measured && (
        <div className="h-full sm:hidden" data-drawing="phone">
          {phone()}
        </div>
      )}
    </>
  );
}
