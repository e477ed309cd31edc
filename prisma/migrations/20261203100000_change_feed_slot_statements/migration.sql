-- The change feed of timetable slots per statement (docs/decisions.md "Change feed"): planning
-- writes thousands of slots in a few statements, and the per-row trigger looked up the event, the
-- registration and the rules and wrote a change once per slot (most of a planning's time). Now a
-- trigger per statement and operation reads the statement's transition table and writes all its
-- changes and webhook deliveries with one INSERT ... SELECT each; publishing a location's timetable
-- writes the "updated" changes of its slots the same way. The owner facts are those of
-- change_feed_slots_invoices, unchanged.

-- change_feed_write for many rows of one entity and operation, in the arrays' order.
CREATE FUNCTION "change_feed_write_many"(entity text, op text, v_rows int[], v_versions int[], v_districts int[], v_clubs int[], v_froms timestamp(3)[], v_untils timestamp(3)[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "Change" ("txid", "entity", "rowId", "operation", "version", "districtAssociationId", "associationId", "publishFrom", "publishUntil")
    SELECT pg_current_xact_id()::text::bigint, entity, u.row_id, op, u.version, u.district, u.club, u.v_from, u.v_until
      FROM unnest(v_rows, v_versions, v_districts, v_clubs, v_froms, v_untils) WITH ORDINALITY AS u(row_id, version, district, club, v_from, v_until, n)
     ORDER BY u.n;
  INSERT INTO "WebhookDelivery" ("endpointId", "eventType", "payload")
    SELECT w.id, entity || '.' || op, jsonb_build_object(
        'type', entity || '.' || op,
        'timestamp', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'data', jsonb_build_object('entity', entity, 'id', u.row_id, 'operation', op, 'version', u.version))
      FROM unnest(v_rows, v_versions, v_districts) WITH ORDINALITY AS u(row_id, version, district, n)
      JOIN "WebhookEndpoint" w ON w."districtAssociationId" = u.district AND w."disabledAt" IS NULL AND (entity || '.' || op) = ANY (w."eventTypes")
     ORDER BY u.n, w.id;
END
$$;

-- The owner facts of slots, by joins instead of a look-up per row: the event's district (a deleted
-- event's from its last change), the registration's club (change_feed_slot_club: a deleted
-- registration's from its last change), whether the location has rules and since when they are
-- published, and with `previous` the publishFrom of the slot's last change (what the clubs saw).
CREATE FUNCTION "change_feed_slot_facts"(v_slots "TimetableSlot"[], previous boolean)
RETURNS TABLE (id int, version int, district int, club int, has_rules boolean, published_from timestamp(3), previous_from timestamp(3))
LANGUAGE sql STABLE AS $$
  SELECT s.id, s.version,
         COALESCE(e."districtAssociationId",
           (SELECT c."districtAssociationId" FROM "Change" c WHERE c.entity = 'event' AND c."rowId" = s."eventId" ORDER BY c.seq DESC LIMIT 1)),
         COALESCE(CASE WHEN s.part = 'PERFORMANCE' THEN cr."associationId" ELSE dr."associationId" END,
           (SELECT c."associationId" FROM "Change" c
             WHERE c.entity = CASE WHEN s.part = 'PERFORMANCE' THEN 'competition_registration' ELSE 'dexam_registration' END AND c."rowId" = s."registrationId"
             ORDER BY c.seq DESC LIMIT 1)),
         t."locationId" IS NOT NULL,
         CASE WHEN t.published THEN t."publishedAt" END,
         CASE WHEN previous THEN
           (SELECT c."publishFrom" FROM "Change" c WHERE c.entity = 'timetable_slot' AND c."rowId" = s.id ORDER BY c.seq DESC LIMIT 1) END
    FROM unnest(v_slots) s
    LEFT JOIN "Event" e ON e.id = s."eventId"
    LEFT JOIN "DexamRegistration" dr ON s.part <> 'PERFORMANCE' AND dr.id = s."registrationId"
    LEFT JOIN "CompetitionRegistration" cr ON s.part = 'PERFORMANCE' AND cr.id = s."registrationId"
    LEFT JOIN "TimetableRules" t ON t."locationId" = s."locationId"
   ORDER BY s.id
$$;

-- The slots a statement inserted, deleted or changed (an update beyond "updatedAt"), as
-- change_feed_capture recorded them row by row: publishFrom from the location's rules (no rules:
-- unpublished, or for a deletion as the clubs saw it last), publishUntil from the slot's previous
-- change (a new slot has none).
CREATE FUNCTION "change_feed_slots"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  op text := CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'UPDATE' THEN 'updated' ELSE 'deleted' END;
  v_slots "TimetableSlot"[];
  a record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n) INTO v_slots FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o) INTO v_slots FROM old_rows o;
  ELSE
    SELECT array_agg(n) INTO v_slots FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (to_jsonb(o) - 'updatedAt') <> (to_jsonb(n) - 'updatedAt');
  END IF;
  IF v_slots IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(f.id ORDER BY f.id) AS ids, array_agg(f.version ORDER BY f.id) AS versions, array_agg(f.district ORDER BY f.id) AS districts,
         array_agg(f.club ORDER BY f.id) AS clubs,
         array_agg(CASE WHEN f.has_rules THEN f.published_from WHEN op = 'deleted' THEN f.previous_from END ORDER BY f.id) AS froms,
         array_agg(f.previous_from ORDER BY f.id) AS untils
    INTO a FROM "change_feed_slot_facts"(v_slots, op <> 'created') f;
  PERFORM "change_feed_write_many"('timetable_slot', op, a.ids, a.versions, a.districts, a.clubs, a.froms, a.untils);
  RETURN NULL;
END
$$;

-- Publishing (or withdrawing) a location's timetable: an "updated" change of each of its slots.
CREATE OR REPLACE FUNCTION "change_feed_timetable_published"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a record;
BEGIN
  IF OLD.published IS NOT DISTINCT FROM NEW.published AND OLD."publishedAt" IS NOT DISTINCT FROM NEW."publishedAt" THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(f.id ORDER BY f.id) AS ids, array_agg(f.version ORDER BY f.id) AS versions, array_agg(f.district ORDER BY f.id) AS districts,
         array_agg(f.club ORDER BY f.id) AS clubs,
         array_agg(CASE WHEN NEW.published THEN NEW."publishedAt" END::timestamp(3) ORDER BY f.id) AS froms,
         array_agg(CASE WHEN OLD.published THEN OLD."publishedAt" END::timestamp(3) ORDER BY f.id) AS untils
    INTO a FROM "change_feed_slot_facts"(ARRAY(SELECT t FROM "TimetableSlot" t WHERE t."locationId" = NEW."locationId"), false) f;
  IF a.ids IS NOT NULL THEN
    PERFORM "change_feed_write_many"('timetable_slot', 'updated', a.ids, a.versions, a.districts, a.clubs, a.froms, a.untils);
  END IF;
  RETURN NULL;
END
$$;

-- One trigger per operation: a transition table belongs to a trigger of one event.
DROP TRIGGER "TimetableSlot_change_feed" ON "TimetableSlot";
CREATE TRIGGER "TimetableSlot_change_feed_insert" AFTER INSERT ON "TimetableSlot" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_slots"();
CREATE TRIGGER "TimetableSlot_change_feed_update" AFTER UPDATE ON "TimetableSlot" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_slots"();
CREATE TRIGGER "TimetableSlot_change_feed_delete" AFTER DELETE ON "TimetableSlot" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_slots"();
