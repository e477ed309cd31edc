// Calendar downloads (.ics) through /v1, and the feed behind its secret address. Who may read an
// event or a registration is decided by the services that load them; this file only renders.
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { notFound } from "../../auth/errors.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { idParam, type RestRouter } from "../../http/rest.ts";
import type { AppServices } from "../../services.ts";
import { getCompetitionRegistration } from "../competition/service.ts";
import { getDexamRegistration } from "../dexam/service.ts";
import { contentDisposition } from "../files/rules.ts";
import { slotAppointments } from "../timetable/calendar.ts";
import { calendarFeedEnabled, disableCalendarFeed, enableCalendarFeed, FEED_PATH, feedCalendar } from "../users/calendarFeed.ts";
import {
  COMPETITION_CALENDAR_SELECT,
  calendarHost,
  competitionAppointments,
  DEXAM_CALENDAR_SELECT,
  dexamAppointments,
  eventAppointments,
  icsCalendar,
  icsFileName,
} from "./calendar.ts";
import { getEvent } from "./service.ts";

const ICS = "text/calendar; charset=utf-8";

function sendIcs(reply: FastifyReply, name: string, body: string) {
  return reply
    .header("content-type", ICS)
    .header("content-disposition", contentDisposition(icsFileName(name)))
    .header("cache-control", "no-store")
    .send(body);
}

/** The calendar file's content type as documented (sent with charset=utf-8). */
const ICS_FILE = ["text/calendar"];

/** The calendar feed's state and its new address (users/calendarFeed.ts). */
const FeedStateWire = z.object({ enabled: z.boolean().meta({ description: "Ob das Kalender-Abo eingeschaltet ist" }) });
const FeedAddressWire = z.object({
  url: z.string().meta({ description: "Die geheime Abo-Adresse (ohne Anmeldung lesbar); nur jetzt zu sehen, gespeichert wird nur ihr Hash" }),
});
const feedState = (enabled: boolean): z.infer<typeof FeedStateWire> => ({ enabled });
const feedAddress = (feed: { url: string }): z.infer<typeof FeedAddressWire> => ({ url: feed.url });

export function calendarRoutes(r: RestRouter) {
  r.get(
    "/v1/event/:id/calendar",
    {
      tag: "Veranstaltungen",
      summary: "Kalenderdatei einer Veranstaltung",
      description: "Die Termine der Veranstaltung und ihrer Orte als iCalendar-Datei (.ics); für jeden, der die Veranstaltung sehen darf.",
      file: ICS_FILE,
      example: { params: { id: 1 } },
    },
    async (ctx, req, reply) => {
      const e = await getEvent(ctx, idParam(req));
      return sendIcs(reply, e.name, icsCalendar(e.name, eventAppointments(e), ctx.services.now(), calendarHost(ctx.services.config.publicUrl)));
    },
  );
  r.get(
    "/v1/registration/dexam/:id/calendar",
    {
      tag: "D-Prüfungen",
      summary: "Kalenderdatei einer D-Prüfungs-Anmeldung",
      description:
        "Die Termine der Anmeldung (Theorie, Praxis, Vorbereitung) als iCalendar-Datei (.ics); für jeden, der die Anmeldung lesen darf. Eine stornierte Anmeldung gibt dieselben Termine mit STATUS:CANCELLED.",
      file: ICS_FILE,
      example: { params: { id: 1 } },
    },
    async (ctx, req, reply) => {
      const { id } = await getDexamRegistration(ctx, idParam(req));
      const reg = await ctx.prisma.dexamRegistration.findUniqueOrThrow({
        where: { id },
        select: DEXAM_CALENDAR_SELECT,
      });
      const name = `${reg.event.name} ${reg.firstname} ${reg.lastname}`;
      // the published timetable slots beside the locations' appointments (a cancelled registration's are gone)
      const slots = reg.cancelledAt
        ? []
        : await slotAppointments(ctx.prisma, { dexamIds: [reg.id], competitionIds: [] }, new Map([[`dexam:${reg.id}`, `${reg.firstname} ${reg.lastname}`]]));
      return sendIcs(reply, name, icsCalendar(name, [...dexamAppointments(reg), ...slots], ctx.services.now(), calendarHost(ctx.services.config.publicUrl)));
    },
  );
  r.get(
    "/v1/registration/competition/:id/calendar",
    {
      tag: "Wertungsspiele",
      summary: "Kalenderdatei einer Wertungsspiel-Anmeldung",
      description:
        "Die Termine der Anmeldung (ihr Wertungsort) als iCalendar-Datei (.ics); für jeden, der die Anmeldung lesen darf. Eine stornierte Anmeldung gibt denselben Termin mit STATUS:CANCELLED.",
      file: ICS_FILE,
      // the demo data has no competition registration: the one the competition create example makes
      example: { params: { id: 1 } },
    },
    async (ctx, req, reply) => {
      const { id } = await getCompetitionRegistration(ctx, idParam(req));
      const reg = await ctx.prisma.competitionRegistration.findUniqueOrThrow({
        where: { id },
        select: COMPETITION_CALENDAR_SELECT,
      });
      const name = `${reg.event.name} ${reg.name}`;
      const slots = reg.cancelledAt
        ? []
        : await slotAppointments(ctx.prisma, { dexamIds: [], competitionIds: [reg.id] }, new Map([[`competition:${reg.id}`, reg.name]]));
      return sendIcs(
        reply,
        name,
        icsCalendar(name, [...competitionAppointments(reg), ...slots], ctx.services.now(), calendarHost(ctx.services.config.publicUrl)),
      );
    },
  );
  r.get("/v1/user/0/calendar-feed", { tag: "Benutzer", summary: "Kalender-Abo: ist es eingeschaltet?", response: FeedStateWire }, async (ctx) =>
    feedState(await calendarFeedEnabled(ctx)),
  );
  r.post(
    "/v1/user/0/calendar-feed",
    {
      tag: "Benutzer",
      summary: "Kalender-Abo einschalten oder erneuern",
      description:
        "Gibt die geheime Adresse des eigenen Kalender-Abos (die Termine der Anmeldungen der eigenen Vereine), die ein Kalenderprogramm ohne Anmeldung abonniert. " +
        "Erneut aufgerufen, gibt es eine neue Adresse; die alte gilt dann nicht mehr.",
      status: 201,
      response: FeedAddressWire,
    },
    async (ctx) => feedAddress(await enableCalendarFeed(ctx)),
  );
  r.delete(
    "/v1/user/0/calendar-feed",
    {
      tag: "Benutzer",
      summary: "Kalender-Abo ausschalten",
      description: "Die Abo-Adresse gilt danach nicht mehr; ohne eingeschaltetes Abo 404 NOT_FOUND.",
      status: 204,
    },
    async (ctx) => {
      if (!(await disableCalendarFeed(ctx))) throw notFound("Kalender-Abo");
      return null;
    },
  );
}

/** GET /calendar/<secret>.ics: no sign-in (the secret is the credential); 404 alike for unknown, revoked or blocked. */
export function calendarFeedRoute(fastify: FastifyInstance, prisma: PrismaClient, services: AppServices) {
  fastify.get<{ Params: { file: string } }>(`${FEED_PATH}/:file`, async (request, reply) => {
    const token = request.params.file.replace(/\.ics$/, "");
    const body = await feedCalendar(prisma, token, services.now(), calendarHost(services.config.publicUrl));
    if (body === null) throw notFound("Kalender-Abo");
    return reply.header("content-type", ICS).header("cache-control", "private, no-store").header("x-robots-tag", "noindex").send(body);
  });
}
