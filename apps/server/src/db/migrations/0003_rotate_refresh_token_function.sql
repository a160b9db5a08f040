-- Refresh-token rotation in one call (issue 5, docs/decisions/012): spends the live token of an
-- active member and inserts its successor of the same family; answers the member id, or NULL when the
-- token is unknown, spent, revoked or expired, or the member is not active (spec §3 Status 1 = Active).
-- A PL/pgSQL function keeps its statement's plan for the connection's life, so a refresh is not
-- parsed and planned each time: a third of its cost on the embedded database.
CREATE FUNCTION "rotate_refresh_token"(
  "spend_hash" text,
  "rotated_at" timestamptz,
  "successor_hash" text,
  "successor_idle_end" timestamptz,
  "successor_user_agent" text
) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  "rotated_member" integer;
BEGIN
  WITH "spent" AS (
    UPDATE "refresh_tokens" SET "used_at" = "rotated_at"
    WHERE "token_hash" = "spend_hash" AND "used_at" IS NULL AND "revoked_at" IS NULL AND "expires_at" > "rotated_at"
      AND EXISTS (
        SELECT 1 FROM "members" WHERE "members"."id" = "refresh_tokens"."member_id" AND "members"."status" = 1
      )
    RETURNING "member_id", "family_id", "absolute_expires_at"
  )
  INSERT INTO "refresh_tokens" ("member_id", "family_id", "token_hash", "expires_at", "absolute_expires_at", "created_at", "user_agent")
  SELECT "member_id", "family_id", "successor_hash", LEAST("successor_idle_end", "absolute_expires_at"), "absolute_expires_at",
    "rotated_at", "successor_user_agent"
  FROM "spent"
  RETURNING "member_id" INTO "rotated_member";
  RETURN "rotated_member";
END
$$;
