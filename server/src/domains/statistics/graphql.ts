import { builder } from "../../graphql/builder.ts";
import { numericId } from "../../graphql/ids.ts";
import { eventStatistic, type StatisticGroup, type StatisticRow } from "./service.ts";

const RowType = builder.objectRef<StatisticRow>("StatisticRow").implement({
  description: "One label/value pair of a statistic group.",
  fields: (t) => ({ label: t.exposeString("label", { description: "Label of the row." }), value: t.exposeInt("value", { description: "The count." }) }),
});

const GroupType = builder.objectRef<StatisticGroup>("StatisticGroup").implement({
  description: "A named group of a statistic (for example 'Kurse' or 'Instrumente').",
  fields: (t) => ({
    name: t.exposeString("name", { description: "Name of the group." }),
    rows: t.field({ type: [RowType], resolve: (g) => g.rows, description: "The rows of the group." }),
  }),
});

builder.queryField("eventStatistic", (t) =>
  t.field({
    type: [GroupType],
    description: "Statistics of an event, or of one of its locations (registration_read or registration_manage).",
    authScopes: { operation: "event.statistic" },
    args: {
      eventId: t.arg.globalID({ required: true, description: "Global id of the event." }),
      locationId: t.arg.globalID({ required: false, description: "Only this location (global id)." }),
    },
    resolve: (_root, { eventId, locationId }, ctx) =>
      eventStatistic(ctx, numericId(eventId, "Event", "Veranstaltung"), locationId ? numericId(locationId, "EventLocation", "Veranstaltungsort") : null),
  }),
);
