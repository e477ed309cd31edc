// The /v1 route set of the registration shape (registrations/kind.ts), written once: the event's
// list, one registration's GET, the create (POST), the edit or cancellation (PUT) and the DELETE.
// A kind's rest.ts gives its wire schema, its body, its answer and its words (summary, description,
// example). Each GET and PUT reads the registration once (with what the answer needs); the list
// reads through registrations/list.ts, the same read as GraphQL's connection.
import type { z } from "zod";
import { AppError, validationFailed } from "../../auth/errors.ts";
import { authorize } from "../../auth/permissions.ts";
import type { RouteDoc } from "../../http/openapi.ts";
import { idempotencyKeyOf, idParam, ifMatchVersion, pageAnswer, type RestRouter } from "../../http/rest.ts";
import * as w from "../../http/wireSchema.ts";
import { MSG } from "../../shared/messages.ts";
import type { ServiceCtx } from "../context.ts";
import { dexamTypeWire, instrumentWire, registrationStatusWire } from "../wire.ts";
import { type Loaded, opOf, putRegistration, type RegistrationRow, readRegistration } from "./kind.ts";
import { type RegistrationList, readRegistrationPage } from "./list.ts";

/** The words of one route (its OpenAPI entry). */
type Doc = Pick<RouteDoc, "summary" | "description" | "example" | "required">;

/** What a body of a create or edit carries besides the kind's input: which registration, of which event, and a cancellation sent. */
type BodyOf<Input> = Input & { id: number | null; eventId: number | null; cancelledAtSent: Date | null | undefined };

export function registrationRoutes<F extends string, Row extends RegistrationRow, Input, Answer extends { id: number }>(
  r: RestRouter,
  o: {
    list: RegistrationList<F>;
    /** the path segment: /v1/registration/<segment>, /v1/registrations/event/:eventId/<segment> */
    segment: "dexam" | "competition";
    tag: RouteDoc["tag"];
    wire: z.ZodType;
    body: z.ZodType<BodyOf<Input>, unknown>;
    /** what every answer reads with the row */
    include: Record<string, unknown>;
    toWire: (ctx: ServiceCtx, row: Row) => Answer;
    /** before answers go out (D-exams record the camp data they carry) */
    answered?: (ctx: ServiceCtx, answers: Answer[], door: "rest" | "restList") => Promise<unknown>;
    create: (ctx: ServiceCtx, eventId: number, input: BodyOf<Input>, key: string | null | undefined) => Promise<Answer>;
    update: (ctx: ServiceCtx, id: number, input: Input, o: { loaded: Loaded<Row>; include: object }) => Promise<Row>;
    /** `version`: the If-Match's (null: unconditional) */
    delete: (ctx: ServiceCtx, id: number, version: number | null) => Promise<unknown>;
    docs: { list: Doc; get: Doc; create: Doc; put: Doc; delete: Doc };
  },
) {
  const { kind } = o.list;
  const answer = async <T extends Answer | Answer[]>(ctx: ServiceCtx, a: T, door: "rest" | "restList"): Promise<T> => {
    await o.answered?.(ctx, (Array.isArray(a) ? a : [a]) as Answer[], door);
    return a;
  };
  const ListQuery = w.listQuery({
    locationId: w.queryId(),
    associationId: w.queryId(),
    instrument: w.queryOneOf(instrumentWire),
    course: w.queryOneOf(dexamTypeWire),
    status: w.queryOneOf(registrationStatusWire),
    createdFrom: w.queryDay(),
    createdTo: w.queryDay(),
    search: w.queryText(),
    sort: w.querySort(Object.keys(o.list.order.columns) as F[]),
  });
  r.get(
    `/v1/registrations/event/:eventId/${o.segment}`,
    { tag: o.tag, ...o.docs.list, query: ListQuery, response: (o.wire as z.ZodObject).array(), paged: true },
    async (ctx, req, reply) => {
      const q = w.readQuery(ListQuery, req.query);
      const { limit: _limit, cursor: _cursor, sort: _sort, ...filters } = q;
      const filter = { eventId: idParam(req, "eventId"), ...filters };
      const page = await readRegistrationPage<F, Row>(ctx, o.list, filter, q.sort, q, o.include);
      const rows = await answer(
        ctx,
        page.rows.map((row) => o.toWire(ctx, row)),
        "restList",
      );
      return pageAnswer(ctx, reply, { rows, next: page.next });
    },
  );
  r.get(`/v1/registration/${o.segment}/:id`, { tag: o.tag, ...o.docs.get, response: o.wire }, async (ctx, req) => {
    const row = await readRegistration<Row, Row>(kind, ctx, authorize(ctx.principal, opOf(kind, "read")), idParam(req), o.include);
    return answer(ctx, o.toWire(ctx, row), "rest");
  });
  r.post(
    `/v1/registration/${o.segment}`,
    { tag: o.tag, ...o.docs.create, body: o.body, status: 201, response: o.wire, idempotencyKey: true },
    async (ctx, req) => {
      const i = w.readBody(o.body, req.body);
      if (i.eventId === null) throw validationFailed({ eventId: MSG.required });
      return o.create(ctx, i.eventId, i, idempotencyKeyOf(req));
    },
  );
  // PUT: a club member's cancelled_at cancels (the server stamps the time); registration_manage sets
  // the managed fields (cancelled_at too) as sent; otherwise it edits
  r.put(`/v1/registration/${o.segment}`, { tag: o.tag, ...o.docs.put, body: o.body, response: o.wire }, async (ctx, req) => {
    const i = w.readBody(o.body, req.body);
    const id = i.id;
    if (id === null) throw new AppError("NOT_FOUND", `${kind.label} nicht gefunden`);
    const row = await putRegistration<Row>(
      kind,
      ctx,
      id,
      i.cancelledAtSent,
      (loaded) => o.update(ctx, id, { ...i, cancelledAt: i.cancelledAtSent }, { loaded, include: o.include }),
      o.include,
      (i as { version?: number | null }).version,
    );
    return answer(ctx, o.toWire(ctx, row), "rest");
  });
  r.delete(`/v1/registration/${o.segment}/:id`, { tag: o.tag, ...o.docs.delete, status: 204, ifMatch: true }, async (ctx, req) => {
    await o.delete(ctx, idParam(req), ifMatchVersion(req));
    return null;
  });
}
