import { CalendarDays } from "lucide-react";
import { Link } from "react-router";
import type { CalendarEvent } from "../../../shared/contracts/portfolio";
import { formatLongDate, monthNames } from "../../../shared/calendar-dates";
import { paths, withQuery } from "../../../shared/paths";
import { Badge } from "../../components/ui/badge";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadProblem } from "../../components/ui/load-problem";
import { SkeletonRows } from "../../components/ui/skeleton";
import { usePortfolioCalendar } from "./use-contracts";

const kindLabels: Record<CalendarEvent["kind"], string> = { "notice-by": "Notice-by", renewal: "Renewal" };

/** "2027-03": the month an event falls in, and its heading. */
const monthOf = (date: string) => date.slice(0, 7);
const monthHeading = (month: string) => `${monthNames[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

function eventHref(event: CalendarEvent): string {
  return event.page ? withQuery(paths.document(event.documentId), { page: String(event.page) }) : paths.documentFactSheet(event.documentId);
}

/** The next 12 months' notice-by and renewal dates, month by month. */
export function PortfolioCalendar() {
  const calendar = usePortfolioCalendar();
  let content: React.ReactNode;
  if (calendar.isPending) content = <SkeletonRows label="Loading the calendar" rows={3} />;
  else if (calendar.error) content = <LoadProblem message="The calendar could not be loaded." error={calendar.error} onRetry={() => void calendar.refetch()} />;
  else if (calendar.data.events.length === 0)
    content = (
      <EmptyState icon={CalendarDays} title="Nothing due in the next 12 months">
        <p className="text-sm text-muted-foreground">No agreement renews, and no notice is due, before {formatLongDate(calendar.data.to)}.</p>
      </EmptyState>
    );
  else {
    const months = [...new Set(calendar.data.events.map((event) => monthOf(event.date)))];
    content = (
      <ol className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {months.map((month) => (
          <li key={month} className="rounded-lg border p-4">
            <h3 className="mb-2 font-semibold">{monthHeading(month)}</h3>
            <ul className="space-y-2 text-sm">
              {calendar.data.events
                .filter((event) => monthOf(event.date) === month)
                .map((event) => (
                  <li key={`${event.kind}-${event.documentId}`} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                    <time dateTime={event.date} className="font-medium tabular-nums">
                      {formatLongDate(event.date)}
                    </time>
                    <Badge variant={event.kind === "notice-by" ? "default" : "secondary"}>{kindLabels[event.kind]}</Badge>
                    <Link to={eventHref(event)} className="min-w-0 text-primary underline-offset-4 hover:underline [overflow-wrap:anywhere]">
                      {event.payer ?? event.documentName}
                    </Link>
                  </li>
                ))}
            </ul>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <section aria-labelledby="portfolio-calendar-title" className="space-y-3">
      <h2 id="portfolio-calendar-title" className="text-lg font-semibold">
        Next 12 months
      </h2>
      {content}
    </section>
  );
}
