import { eventDate } from "./eventDates";

/** What choosing an event needs to know of it. */
export interface ChoosableEvent {
  readonly id: string;
  readonly databaseId: number;
  readonly start?: string | null;
  readonly end?: string | null;
}

/** The URL query parameter naming the chosen event of the overview and the results screen (its numeric id). */
export const EVENT_PARAM = "event";

/**
 * The event the overview and the results screen show: the one the URL names (a link, a reload),
 * else the one chosen before in this session, else the next upcoming one (not yet over, earliest
 * start first), else the one that ended last; null without events.
 */
export function chooseEvent<T extends ChoosableEvent>(events: readonly T[], urlId: string | null, activeId: string | null, now: Date): T | null {
  const fromUrl = urlId ? events.find((event) => String(event.databaseId) === urlId) : undefined;
  if (fromUrl) return fromUrl;
  const active = activeId ? events.find((event) => event.id === activeId) : undefined;
  if (active) return active;
  return nextUpcoming(events, now);
}

/** The next event not yet over (by its end, else its start), earliest start first; else the one that started last; else the first. */
export function nextUpcoming<T extends ChoosableEvent>(events: readonly T[], now: Date): T | null {
  const dated = events
    .map((event) => ({ event, start: eventDate(event.start)?.getTime(), end: eventDate(event.end ?? event.start)?.getTime() }))
    .filter((entry): entry is { event: T; start: number; end: number } => entry.start !== undefined && entry.end !== undefined);
  const upcoming = dated.filter((entry) => entry.end >= now.getTime()).sort((a, b) => a.start - b.start);
  if (upcoming[0]) return upcoming[0].event;
  const past = [...dated].sort((a, b) => b.start - a.start);
  return past[0]?.event ?? events[0] ?? null;
}
