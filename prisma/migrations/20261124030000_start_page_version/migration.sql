-- The version of what the start page shows to many users alike: events, their locations and the
-- district associations (issue 9, docs/decisions.md "Shared start-page results"). Every statement
-- that writes one of the three tables moves it on, whoever sends it (this server, another replica,
-- an operator's SQL). A sequence takes no row lock, so concurrent writers never wait for each other.
CREATE SEQUENCE "start_page_version";

CREATE FUNCTION "start_page_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('"start_page_version"');
  RETURN NULL;
END
$$;

CREATE TRIGGER "Event_start_page_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Event"
  FOR EACH STATEMENT EXECUTE FUNCTION "start_page_changed"();
CREATE TRIGGER "EventLocation_start_page_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "EventLocation"
  FOR EACH STATEMENT EXECUTE FUNCTION "start_page_changed"();
CREATE TRIGGER "DistrictAssociation_start_page_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "DistrictAssociation"
  FOR EACH STATEMENT EXECUTE FUNCTION "start_page_changed"();

-- from here on last_value is the version (a fresh sequence reports 1 before and after its first use)
SELECT setval('"start_page_version"', 1, true);
