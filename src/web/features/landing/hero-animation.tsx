/** Widths (%) of the placeholder text lines on the stylised contract page. */
const linesBefore = [96, 88, 92, 64];
const clauseLines = [94, 90, 72];
const linesAfter = [90, 96, 58];

function TextLines({ widths }: { widths: number[] }) {
  return (
    <span className="mt-3 block space-y-2">
      {widths.map((width, index) => (
        <span key={index} className="block h-1.5 rounded-full bg-muted-foreground/25" style={{ width: `${width}%` }} />
      ))}
    </span>
  );
}

/**
 * The hero's looping product demo in plain HTML and CSS (landing.css): the answer's clause is
 * highlighted on the page while the reply types itself with its citation. The resting styles
 * are the finished frame, so with reduced motion visitors see a complete still picture.
 */
export function HeroAnimation() {
  return (
    <div
      data-testid="hero-animation"
      role="img"
      aria-label="Demo: section 7.2 of a contract is highlighted while the answer appears: either party may terminate without cause on 90 days' written notice (§ 7.2, p. 14)."
      className="cw-demo relative mx-auto w-full max-w-md pb-28 text-left select-none"
    >
      <span className="relative block overflow-hidden rounded-xl border bg-card p-5 text-card-foreground shadow-xl">
        <span className="flex items-center justify-between gap-3 text-[0.7rem] text-muted-foreground">
          <span className="font-semibold text-foreground">Provider Participation Agreement</span>
          <span>p. 14</span>
        </span>
        <TextLines widths={linesBefore} />
        <span className="cw-clause -mx-2 mt-4 block rounded-md p-2">
          <span className="block text-xs font-semibold">7.2 Termination without cause</span>
          <TextLines widths={clauseLines} />
        </span>
        <TextLines widths={linesAfter} />
        <span className="cw-scan absolute inset-0" />
      </span>
      <span className="absolute right-0 bottom-0 left-6 block space-y-2 text-xs sm:left-12">
        <span className="cw-ask ml-auto block w-fit rounded-2xl rounded-br-sm bg-primary px-3 py-2 text-primary-foreground shadow">
          How much notice do we need to leave this plan?
        </span>
        <span className="cw-answer relative block rounded-2xl rounded-bl-sm border bg-card p-3 leading-5 text-card-foreground shadow-lg">
          <span className="cw-dots absolute top-3 left-3 flex gap-1">
            <i />
            <i />
            <i />
          </span>
          <span className="cw-type block whitespace-nowrap">Either party may terminate without</span>
          <span className="cw-type cw-l2 block whitespace-nowrap">cause on 90 days&apos; written notice</span>
          <span className="cw-type cw-l3 block whitespace-nowrap">
            <mark className="rounded bg-highlight/40 px-1 font-semibold text-foreground">(§ 7.2, p. 14)</mark>
          </span>
          <span className="cw-ok mt-2 block font-medium text-primary">✓ Quote verified on page 14</span>
        </span>
      </span>
    </div>
  );
}
