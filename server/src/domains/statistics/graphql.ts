import { builder } from "../../graphql/builder.ts";
import { numericId } from "../../graphql/ids.ts";
import {
  eventStatistic,
  eventStatisticCharts,
  type PassRate,
  type RegistrationDay,
  type StatisticCharts,
  type StatisticGroup,
  type StatisticRow,
} from "./service.ts";

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

const RegistrationDayType = builder.objectRef<RegistrationDay>("RegistrationDay").implement({
  description: "Registrations made on one day (Europe/Berlin).",
  fields: (t) => ({
    day: t.exposeString("day", { description: "The day, yyyy-mm-dd." }),
    count: t.exposeInt("count", { description: "Registrations made that day (cancelled ones included)." }),
  }),
});

const PassRateType = builder.objectRef<PassRate>("PassRate").implement({
  description: "Exam parts passed and failed at one location (D-exams; only examined parts).",
  fields: (t) => ({
    location: t.exposeString("location", { description: "Name of the location." }),
    part: t.exposeString("part", { description: "THEORY or PRACTICE." }),
    passed: t.exposeInt("passed", { description: "Parts passed there." }),
    failed: t.exposeInt("failed", { description: "Parts failed there." }),
  }),
});

const ChartsType = builder.objectRef<StatisticCharts>("StatisticCharts").implement({
  description: "What the statistics dialog draws beside its tables.",
  fields: (t) => ({
    perDay: t.field({
      type: [RegistrationDayType],
      resolve: (c) => c.perDay,
      description: "Registrations per day from the first one up to the deadline (or today).",
    }),
    passRates: t.field({ type: [PassRateType], resolve: (c) => c.passRates, description: "Per location and part, once results exist (D-exams)." }),
  }),
});

builder.queryField("eventStatisticCharts", (t) =>
  t.field({
    type: ChartsType,
    description: "Registrations per day and pass rates per location of an event, or of one of its locations (as eventStatistic).",
    authScopes: { operation: "event.statistic" },
    args: {
      eventId: t.arg.globalID({ required: true, description: "Global id of the event." }),
      locationId: t.arg.globalID({ required: false, description: "Only this location (global id)." }),
    },
    resolve: (_root, { eventId, locationId }, ctx) =>
      eventStatisticCharts(ctx, numericId(eventId, "Event", "Veranstaltung"), locationId ? numericId(locationId, "EventLocation", "Veranstaltungsort") : null),
  }),
);
