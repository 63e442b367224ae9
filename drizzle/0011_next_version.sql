-- A client's or carer's version names what the row holds: every write to the row moves it on, whether or not
-- the statement set it (one that does, as every change through the product does, is left as it is). A server
-- that remembers a person at a version can then change them against that copy, in one statement that writes
-- only while the row is still at that version.
CREATE FUNCTION next_version() RETURNS trigger AS $$
BEGIN
  IF NEW.version = OLD.version THEN
    NEW.version := OLD.version + 1;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER clients_next_version BEFORE UPDATE ON clients FOR EACH ROW EXECUTE FUNCTION next_version();
--> statement-breakpoint
CREATE TRIGGER carers_next_version BEFORE UPDATE ON carers FOR EACH ROW EXECUTE FUNCTION next_version();
