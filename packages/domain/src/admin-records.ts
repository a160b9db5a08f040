// What the back-office API answers (issue 15 item 3), as zod schemas beside the form schemas: the
// server serialises its replies with them and the back-office pages read the inferred types, so a
// record's shape is declared once. snake_case as on the wire; times are ISO 8601 strings.
import { z } from 'zod';
import { isoDateTimeSchema, recordStatusSchema } from './entities.ts';
import { StaffRole } from './admin-forms.ts';

// ---- staff and the audit trail ---------------------------------------------------------------

/** A staff account as the back office shows it (never its password hash). */
export const staffAccountRecordSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  role: z.enum([StaffRole.Owner, StaffRole.Staff]),
  status: recordStatusSchema,
  /** null = never signed in. */
  last_login_at: isoDateTimeSchema.nullable(),
  created_at: isoDateTimeSchema,
  version: z.number().int(),
});
export type StaffAccountRecord = z.infer<typeof staffAccountRecordSchema>;

/** POST /admin/auth: the session's token, who signed in, and this browser's known-device mark. */
export const staffLoginReplySchema = z.object({
  token: z.object({ access_token: z.string(), expires_at: isoDateTimeSchema }),
  staff: staffAccountRecordSchema,
  known_device: z.string(),
});
export type StaffLoginReply = z.infer<typeof staffLoginReplySchema>;

/** A row of GET /admin/audit-log. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** null when the account was deleted or the system acted. */
  staff_id: z.number().int().nullable(),
  staff_name: z.string(),
  staff_account: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  /** The row before the change (null for creations), as stored. */
  before: z.unknown(),
  /** The row after the change (null for deletions), as stored. */
  after: z.unknown(),
  created_at: isoDateTimeSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** POST /admin/uploads: the stored picture; `name` is the upload key a record keeps. */
export const uploadedPictureSchema = z.object({
  name: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
});
export type UploadedPicture = z.infer<typeof uploadedPictureSchema>;
