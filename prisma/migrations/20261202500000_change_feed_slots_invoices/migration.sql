-- The change feed carries timetable slots and invoices (docs/decisions.md "Change feed"): one
-- trigger line each, and the owner facts their read rules need.
--   timetable_slot: the district of its event, the club of its registration (a D-exam's for theory
--     and practice, a competition's for a performance; a deleted registration's from its last
--     change), in "publishFrom" when its location's timetable was published (NULL: not published,
--     so only the district's staff see it, as timetable.registrationSlots says) and in
--     "publishUntil" the publishFrom of its previous change (the club saw it before: a slot moved
--     to an unpublished location reaches it as an update it can no longer read). Publishing a
--     location's timetable changes no slot row, so the rules' trigger writes an "updated" change of
--     each of its slots: the clubs learn of them when they appear.
--   invoice: its own district and club (its event may be gone: the link is cleared, the district stays).
-- change_feed_write is the one place a change and its webhook deliveries are written.

CREATE FUNCTION "change_feed_write"(entity text, v_row int, op text, v_version int, v_district int, v_club int, v_previous_club int, v_user int, v_from timestamp(3), v_until timestamp(3))
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "Change" ("txid", "entity", "rowId", "operation", "version", "districtAssociationId", "associationId", "previousAssociationId", "userId", "publishFrom", "publishUntil")
    VALUES (pg_current_xact_id()::text::bigint, entity, v_row, op, v_version, v_district, v_club, v_previous_club, v_user, v_from, v_until);
  IF v_district IS NOT NULL THEN
    INSERT INTO "WebhookDelivery" ("endpointId", "eventType", "payload")
      SELECT w.id, entity || '.' || op, jsonb_build_object(
        'type', entity || '.' || op,
        'timestamp', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'data', jsonb_build_object('entity', entity, 'id', v_row, 'operation', op, 'version', v_version))
      FROM "WebhookEndpoint" w
      WHERE w."districtAssociationId" = v_district AND w."disabledAt" IS NULL AND (entity || '.' || op) = ANY (w."eventTypes");
  END IF;
END
$$;

-- A slot's club: its registration's (the last change of a registration deleted in the same transaction).
CREATE FUNCTION "change_feed_slot_club"(r jsonb) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  v_club int;
  v_kind text := CASE WHEN r ->> 'part' = 'PERFORMANCE' THEN 'competition_registration' ELSE 'dexam_registration' END;
BEGIN
  IF v_kind = 'competition_registration' THEN
    SELECT c."associationId" INTO v_club FROM "CompetitionRegistration" c WHERE c.id = (r ->> 'registrationId')::int;
  ELSE
    SELECT d."associationId" INTO v_club FROM "DexamRegistration" d WHERE d.id = (r ->> 'registrationId')::int;
  END IF;
  IF v_club IS NULL THEN
    SELECT c."associationId" INTO v_club FROM "Change" c WHERE c.entity = v_kind AND c."rowId" = (r ->> 'registrationId')::int ORDER BY c.seq DESC LIMIT 1;
  END IF;
  RETURN v_club;
END
$$;

CREATE OR REPLACE FUNCTION "change_feed_capture"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r jsonb;
  old_r jsonb;
  entity text := TG_ARGV[0];
  ignored text[] := ARRAY['updatedAt']::text[];
  op text;
  v_district int;
  v_club int;
  v_previous_club int;
  v_user int;
  v_from timestamp(3);
  v_until timestamp(3);
  v_row int;
  v_version int;
BEGIN
  IF TG_NARGS > 1 THEN
    ignored := ignored || TG_ARGV[1:TG_NARGS - 1];
  END IF;
  IF TG_OP = 'DELETE' THEN
    r := to_jsonb(OLD);
    op := 'deleted';
  ELSE
    r := to_jsonb(NEW);
    op := CASE TG_OP WHEN 'INSERT' THEN 'created' ELSE 'updated' END;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    old_r := to_jsonb(OLD);
    IF (old_r - ignored) = (r - ignored) THEN
      RETURN NULL;
    END IF;
    IF (old_r ->> 'associationId') IS DISTINCT FROM (r ->> 'associationId') THEN
      v_previous_club := (old_r ->> 'associationId')::int;
    END IF;
  END IF;
  v_row := (r ->> 'id')::int;
  v_version := (r ->> 'version')::int;
  v_district := (r ->> 'districtAssociationId')::int;
  v_club := CASE WHEN entity = 'association' THEN v_row ELSE (r ->> 'associationId')::int END;
  v_user := CASE WHEN entity = 'user' THEN v_row ELSE (r ->> 'userId')::int END;
  IF r ? 'startPublishing' THEN
    v_from := (r ->> 'startPublishing')::timestamp;
    v_until := (r ->> 'finishPublishing')::timestamp;
  END IF;
  IF entity = 'invoice' THEN
    -- its own district and club; the event's publication window means nothing to it
    NULL;
  ELSIF r ? 'eventId' THEN
    SELECT e."districtAssociationId", e."startPublishing", e."finishPublishing" INTO v_district, v_from, v_until
      FROM "Event" e WHERE e.id = (r ->> 'eventId')::int;
    IF NOT FOUND THEN
      -- the event's deletion cascades to this row: its last change names the owner
      SELECT c."districtAssociationId", c."publishFrom", c."publishUntil" INTO v_district, v_from, v_until
        FROM "Change" c WHERE c.entity = 'event' AND c."rowId" = (r ->> 'eventId')::int ORDER BY c.seq DESC LIMIT 1;
    END IF;
  END IF;
  IF entity = 'timetable_slot' THEN
    v_club := "change_feed_slot_club"(r);
    -- what the clubs saw at the slot's previous change (a new slot has none)
    v_until := NULL;
    IF op <> 'created' THEN
      SELECT c."publishFrom" INTO v_until FROM "Change" c WHERE c.entity = 'timetable_slot' AND c."rowId" = v_row ORDER BY c.seq DESC LIMIT 1;
    END IF;
    SELECT CASE WHEN t.published THEN t."publishedAt" END INTO v_from FROM "TimetableRules" t WHERE t."locationId" = (r ->> 'locationId')::int;
    IF NOT FOUND THEN
      -- no rules (yet): unpublished; the location's deletion cascades to its rules and slots: as the clubs saw it last
      v_from := CASE WHEN op = 'deleted' THEN v_until END;
    END IF;
  END IF;
  PERFORM "change_feed_write"(entity, v_row, op, v_version, v_district, v_club, v_previous_club, v_user, v_from, v_until);
  RETURN NULL;
END
$$;

-- Publishing (or withdrawing) a location's timetable: an "updated" change of each of its slots.
CREATE FUNCTION "change_feed_timetable_published"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  IF OLD.published IS NOT DISTINCT FROM NEW.published AND OLD."publishedAt" IS NOT DISTINCT FROM NEW."publishedAt" THEN
    RETURN NULL;
  END IF;
  FOR s IN
    SELECT t.*, e."districtAssociationId" AS district FROM "TimetableSlot" t JOIN "Event" e ON e.id = t."eventId"
     WHERE t."locationId" = NEW."locationId" ORDER BY t.id
  LOOP
    PERFORM "change_feed_write"('timetable_slot', s.id, 'updated', s.version, s.district, "change_feed_slot_club"(to_jsonb(s)), NULL, NULL,
      CASE WHEN NEW.published THEN NEW."publishedAt" END, CASE WHEN OLD.published THEN OLD."publishedAt" END);
  END LOOP;
  RETURN NULL;
END
$$;

-- One line per synced table (server/src/domains/changes/entities.ts names the same entities).
CREATE TRIGGER "TimetableSlot_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "TimetableSlot" FOR EACH ROW EXECUTE FUNCTION "change_feed_capture"('timetable_slot');
CREATE TRIGGER "Invoice_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "Invoice" FOR EACH ROW EXECUTE FUNCTION "change_feed_capture"('invoice');
CREATE TRIGGER "TimetableRules_change_feed" AFTER UPDATE ON "TimetableRules" FOR EACH ROW EXECUTE FUNCTION "change_feed_timetable_published"();

-- The rows written before: one "created" each, so a reader starting at the beginning gets everything.
INSERT INTO "Change" ("txid", "entity", "rowId", "operation", "version", "districtAssociationId", "associationId", "publishFrom")
  SELECT pg_current_xact_id()::text::bigint, 'timetable_slot', s.id, 'created', s.version, e."districtAssociationId", "change_feed_slot_club"(to_jsonb(s)),
         CASE WHEN t.published THEN t."publishedAt" END
    FROM "TimetableSlot" s JOIN "Event" e ON e.id = s."eventId" LEFT JOIN "TimetableRules" t ON t."locationId" = s."locationId" ORDER BY s.id;
INSERT INTO "Change" ("txid", "entity", "rowId", "operation", "version", "districtAssociationId", "associationId")
  SELECT pg_current_xact_id()::text::bigint, 'invoice', i.id, 'created', NULL, i."districtAssociationId", i."associationId" FROM "Invoice" i ORDER BY i.id;
