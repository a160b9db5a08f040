// `npm run admin:create -- --account owner --password '...' [--name 店長] [--role owner|staff]`:
// creates the first back-office owner (issue 7 item 1), or resets the password of an existing
// account. Reads DATA_DIR and DATABASE_URL exactly like the server (config.ts).
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { staffCreateSchema, staffPasswordSchema } from '@shop/domain';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { staff, staffSessions } from '../db/schema/index.ts';
import { recordAudit } from '../modules/admin/audit.ts';
import { hashStaffPassword } from '../modules/admin/staff-password.ts';

const usage = `用法 · usage: npm run admin:create -- --account <帳號> --password <密碼> [--name <姓名>] [--role owner|staff]
  密碼至少 8 個字元，須含英文字母與數字 · password: 8+ characters with letters and digits
  帳號已存在時改設密碼並啟用 · an existing account gets the new password and is re-activated`;

async function main() {
  const { values } = parseArgs({
    options: {
      account: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string', default: '店長' },
      role: { type: 'string', default: 'owner' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const parsed = staffCreateSchema.safeParse({
    account: values.account,
    password: values.password,
    name: values.name,
    role: values.role,
    status: 1,
  });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'input'}: ${i.message}`);
    throw new Error(`${lines.join('\n')}\n${usage}`);
  }
  const input = parsed.data;
  staffPasswordSchema.parse(input.password);

  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await database.migrate();
    const passwordHash = await hashStaffPassword(input.password);
    const result = await database.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(staff).where(eq(staff.account, input.account));
      if (existing) {
        const [after] = await tx
          .update(staff)
          .set({ passwordHash, role: input.role, status: 1, updatedAt: new Date(), version: existing.version + 1 })
          .where(eq(staff.id, existing.id))
          .returning();
        await tx.update(staffSessions).set({ revokedAt: new Date() }).where(eq(staffSessions.staffId, existing.id));
        await recordAudit(tx, {
          staffId: null,
          action: 'cli-reset',
          entity: 'staff',
          entityId: existing.id,
          before: existing,
          after,
        });
        return 'updated';
      }
      const [row] = await tx
        .insert(staff)
        .values({ account: input.account, passwordHash, name: input.name, role: input.role })
        .returning();
      await recordAudit(tx, { staffId: null, action: 'cli-create', entity: 'staff', entityId: row!.id, after: row });
      return 'created';
    });
    process.stdout.write(
      result === 'created'
        ? `已建立後台帳號 · created ${input.role} account "${input.account}" — sign in at /admin/login\n`
        : `已更新後台帳號 · account "${input.account}" updated (new password, active, role ${input.role})\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
