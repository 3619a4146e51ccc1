/** The SEO score out of 100, coloured: good (80+), fair (50+), poor. */
export default function ScoreBadge({ score }: { score: number }) {
  const tone = score >= 80 ? 'text-positive bg-positive' : score >= 50 ? 'text-warning bg-warning' : 'text-negative bg-negative';
  const [text, bar] = tone.split(' ');
  return (
    // The words are in the text (aria-label on a plain div is not read out, and not valid HTML).
    <div className="flex items-center gap-2" data-testid="seo-score">
      <div className="h-1.5 w-16 overflow-hidden rounded-full bg-surface-2" aria-hidden>
        <div className={`h-full rounded-full ${bar}`} style={{ width: `${score}%` }} />
      </div>
      <span className={`w-16 text-sm font-semibold tabular-nums ${text}`}>
        <span className="sr-only">SEO score </span>
        {score}/100
      </span>
    </div>
  );
}
