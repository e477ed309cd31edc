import { useEffect, useState, useTransition } from "react";
import { useLocation, useSearchParams } from "react-router-dom";
import { useAppState } from "../state/AppStateContext";
import { type ChoosableEvent, chooseEvent, EVENT_PARAM } from "./chooseEvent";

/**
 * The chosen event of the overview and the results screen (chooseEvent: the URL's, the session's,
 * else the next upcoming one), kept in the URL's `event` parameter and in the app state; and the
 * handler of the event picker. Choosing is a transition (`choosing` while under way): the screen
 * keeps what it shows until the chosen event's data is there. `inUrl: false` keeps the choice in the
 * app state only: the session's event, none until one is chosen; the URL stays as it is.
 */
export function useChosenEvent<T extends ChoosableEvent>(
  events: readonly T[],
  inUrl = true,
): { event: T | null; choose: (id: string | null) => void; choosing: boolean } {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const { state, dispatch } = useAppState();
  const [now] = useState(() => new Date());
  const event = inUrl
    ? chooseEvent(events, params.get(EVENT_PARAM), state.activeEventId, now)
    : (events.find((candidate) => candidate.id === state.activeEventId) ?? null);
  const urlValue = params.get(EVENT_PARAM);
  const wanted = event ? String(event.databaseId) : null;
  useEffect(() => {
    if (!inUrl) return;
    if (event && event.id !== state.activeEventId) dispatch({ type: "selectEvent", id: event.id });
    // only while the browser is still on this screen: a navigation that is under way (a link, the
    // back button) must not be replaced by this screen's URL
    const stillHere = window.location.hash.replace(/^#/, "").split("?")[0] === pathname;
    if (urlValue !== wanted && stillHere) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (wanted) next.set(EVENT_PARAM, wanted);
          else next.delete(EVENT_PARAM);
          return next;
        },
        { replace: true },
      );
    }
  }, [inUrl, event, state.activeEventId, dispatch, urlValue, wanted, setParams, pathname]);
  // the URL leads (chooseEvent reads it first); the effect above then updates the app state
  const [choosing, startTransition] = useTransition();
  const choose = (id: string | null) => {
    if (!inUrl) return dispatch({ type: "selectEvent", id });
    const chosen = events.find((candidate) => candidate.id === id);
    startTransition(() =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (chosen) next.set(EVENT_PARAM, String(chosen.databaseId));
          else next.delete(EVENT_PARAM);
          return next;
        },
        { replace: true },
      ),
    );
  };
  return { event, choose, choosing };
}
