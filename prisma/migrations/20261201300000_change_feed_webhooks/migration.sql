-- The change feed and webhooks (docs/decisions.md "Change feed", "Webhooks"): every create, update
-- and delete of a synced table writes a "Change" row in its own transaction (trigger
-- change_feed_capture), with the transaction id for a commit-order-safe cursor and the owner facts
-- the read rules need (district, club, account, the event's publication window), so a tombstone
-- can be scoped after its row is gone. The same trigger writes the webhook deliveries of the
-- district's endpoints that chose the event type (the outbox, sent after commit).

-- CreateTable
CREATE TABLE "Change" (
    "seq" BIGSERIAL NOT NULL,
    "txid" BIGINT NOT NULL,
    "entity" VARCHAR(40) NOT NULL,
    "rowId" INTEGER NOT NULL,
    "operation" VARCHAR(10) NOT NULL,
    "version" INTEGER,
    "districtAssociationId" INTEGER,
    "associationId" INTEGER,
    "previousAssociationId" INTEGER,
    "userId" INTEGER,
    "publishFrom" TIMESTAMP(3),
    "publishUntil" TIMESTAMP(3),
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Change_pkey" PRIMARY KEY ("seq")
);

-- CreateTable
CREATE TABLE "WebhookEndpoint" (
    "id" SERIAL NOT NULL,
    "districtAssociationId" INTEGER NOT NULL,
    "url" VARCHAR(2000) NOT NULL,
    "description" VARCHAR(200) NOT NULL DEFAULT '',
    "eventTypes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "secretEncrypted" BYTEA NOT NULL,
    "previousSecretEncrypted" BYTEA,
    "previousSecretUntil" TIMESTAMP(3),
    "createdById" INTEGER,
    "disabledAt" TIMESTAMP(3),
    "disabledReason" VARCHAR(500),
    "consecutiveFailures" INTEGER NOT NULL DEFAULT 0,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookEndpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" SERIAL NOT NULL,
    "endpointId" INTEGER NOT NULL,
    "eventType" VARCHAR(60) NOT NULL,
    "payload" JSONB NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deliveredAt" TIMESTAMP(3),
    "failedAt" TIMESTAMP(3),
    "lastStatus" INTEGER,
    "lastError" VARCHAR(1000),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Change_txid_seq_idx" ON "Change"("txid", "seq");

-- CreateIndex
CREATE INDEX "Change_entity_rowId_idx" ON "Change"("entity", "rowId");

-- CreateIndex
CREATE INDEX "Change_at_idx" ON "Change"("at");

-- CreateIndex
CREATE INDEX "WebhookEndpoint_districtAssociationId_idx" ON "WebhookEndpoint"("districtAssociationId");

-- CreateIndex
CREATE INDEX "WebhookDelivery_deliveredAt_failedAt_nextAttemptAt_idx" ON "WebhookDelivery"("deliveredAt", "failedAt", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_id_idx" ON "WebhookDelivery"("endpointId", "id");

-- AddForeignKey
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_districtAssociationId_fkey" FOREIGN KEY ("districtAssociationId") REFERENCES "DistrictAssociation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The capture: TG_ARGV[0] the entity's wire name, the further arguments the columns whose change
-- alone is no change for an integrator (sort keys, sweeps, sign-in bookkeeping).
CREATE FUNCTION "change_feed_capture"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF r ? 'eventId' THEN
    SELECT e."districtAssociationId", e."startPublishing", e."finishPublishing" INTO v_district, v_from, v_until
      FROM "Event" e WHERE e.id = (r ->> 'eventId')::int;
    IF NOT FOUND THEN
      -- the event's deletion cascades to this row: its last change names the owner
      SELECT c."districtAssociationId", c."publishFrom", c."publishUntil" INTO v_district, v_from, v_until
        FROM "Change" c WHERE c.entity = 'event' AND c."rowId" = (r ->> 'eventId')::int ORDER BY c.seq DESC LIMIT 1;
    END IF;
  END IF;
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
  RETURN NULL;
END
$$;

-- One line per synced table (server/src/domains/changes/entities.ts names the same entities).
CREATE TRIGGER "Association_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "Association" FOR EACH ROW EXECUTE FUNCTION "change_feed_capture"('association');
CREATE TRIGGER "User_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "User" FOR EACH ROW EXECUTE FUNCTION "change_feed_capture"('user', 'lastActive', 'passwordHash', 'subject', 'inviteCode');
CREATE TRIGGER "Event_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "Event" FOR EACH ROW EXECUTE FUNCTION "change_feed_capture"('event');
CREATE TRIGGER "EventLocation_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "EventLocation" FOR EACH ROW EXECUTE FUNCTION "change_feed_capture"('location');
CREATE TRIGGER "DexamRegistration_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "DexamRegistration" FOR EACH ROW EXECUTE FUNCTION "change_feed_capture"('dexam_registration', 'gradeKey', 'songsCompleteKey', 'remarks', 'remarksEncrypted', 'campDataEncrypted', 'mealRequest');
CREATE TRIGGER "CompetitionRegistration_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "CompetitionRegistration" FOR EACH ROW EXECUTE FUNCTION "change_feed_capture"('competition_registration', 'songsCompleteKey', 'remarks', 'remarksEncrypted');

-- The rows written before the feed: one "created" each, so a reader starting at the beginning gets everything.
INSERT INTO "Change" ("txid", "entity", "rowId", "operation", "version", "districtAssociationId", "associationId", "userId", "publishFrom", "publishUntil")
  SELECT pg_current_xact_id()::text::bigint, 'event', e.id, 'created', e.version, e."districtAssociationId", NULL, NULL, e."startPublishing", e."finishPublishing" FROM "Event" e ORDER BY e.id;
INSERT INTO "Change" ("txid", "entity", "rowId", "operation", "version", "districtAssociationId", "associationId", "userId")
  SELECT pg_current_xact_id()::text::bigint, 'association', a.id, 'created', a.version, a."districtAssociationId", a.id, NULL FROM "Association" a ORDER BY a.id;
INSERT INTO "Change" ("txid", "entity", "rowId", "operation", "version", "districtAssociationId", "associationId", "userId")
  SELECT pg_current_xact_id()::text::bigint, 'user', u.id, 'created', u.version, u."districtAssociationId", NULL, u.id FROM "User" u ORDER BY u.id;
INSERT INTO "Change" ("txid", "entity", "rowId", "operation", "version", "districtAssociationId", "associationId", "userId", "publishFrom", "publishUntil")
  SELECT pg_current_xact_id()::text::bigint, 'location', l.id, 'created', l.version, e."districtAssociationId", NULL, NULL, e."startPublishing", e."finishPublishing" FROM "EventLocation" l JOIN "Event" e ON e.id = l."eventId" ORDER BY l.id;
INSERT INTO "Change" ("txid", "entity", "rowId", "operation", "version", "districtAssociationId", "associationId", "userId", "publishFrom", "publishUntil")
  SELECT pg_current_xact_id()::text::bigint, 'dexam_registration', r.id, 'created', r.version, e."districtAssociationId", r."associationId", r."userId", e."startPublishing", e."finishPublishing" FROM "DexamRegistration" r JOIN "Event" e ON e.id = r."eventId" ORDER BY r.id;
INSERT INTO "Change" ("txid", "entity", "rowId", "operation", "version", "districtAssociationId", "associationId", "userId", "publishFrom", "publishUntil")
  SELECT pg_current_xact_id()::text::bigint, 'competition_registration', r.id, 'created', r.version, e."districtAssociationId", r."associationId", r."userId", e."startPublishing", e."finishPublishing" FROM "CompetitionRegistration" r JOIN "Event" e ON e.id = r."eventId" ORDER BY r.id;
