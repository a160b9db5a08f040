import { Form } from 'react-router';
import type { Route } from './+types/staff';
import { staffRoleLabel, type StaffAccountRecord, shopDateTime } from '@shop/domain';
import { adminGet, adminSend, staffApi, type ActionResult } from '../../features/admin/admin-api.server.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import { CheckboxField, SelectField, TextField } from '../../features/admin/components/fields.tsx';
import { ActionNotice, PageHeader, StatusBadge, SubmitButton } from '../../features/admin/components/page-parts.tsx';
import { readForm } from '../../lib/form-post.server.ts';

const ROLES = Object.entries(staffRoleLabel).map(([value, label]) => ({ value, label }));

export const meta: Route.MetaFunction = () => adminMeta('員工帳號');

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { data } = await adminGet<StaffAccountRecord[]>(staffApi({ request, url, context }), '/admin/staff');
  return { staff: data };
}

export async function action({ request, url, context }: Route.ActionArgs): Promise<ActionResult & { target?: string }> {
  const api = staffApi({ request, url, context });
  const form = await readForm(request);
  const field = (name: string) => String(form.get(name) ?? '');
  if (form.get('intent') === 'create') {
    const result = await adminSend(api, 'POST', '/admin/staff', {
      account: field('account'),
      password: field('password'),
      name: field('name'),
      role: field('role'),
      status: 1,
    });
    return { ...(result.ok ? { ok: true, message: '已新增帳號' } : result), target: 'new' };
  }
  const id = field('id');
  if (form.get('intent') !== 'update' || !/^\d+$/.test(id)) return { ok: false, message: '不支援此操作' };
  const result = await adminSend(api, 'PUT', `/admin/staff/${id}`, {
    name: field('name'),
    role: field('role'),
    status: form.has('status') ? 1 : 0,
    password: field('password'),
    version: field('version'),
  });
  return { ...(result.ok ? { ok: true, message: '帳號已更新' } : result), target: id };
}

export default function AdminStaff({ loaderData, actionData }: Route.ComponentProps) {
  const errorsFor = (target: string) =>
    actionData && !actionData.ok && actionData.target === target ? (actionData.errors ?? {}) : {};
  return (
    <>
      <PageHeader
        title="員工帳號"
        description="店長可管理全部功能；店員可處理商品、內容、訂單與會員，不能改設定與帳號"
      />
      <ActionNotice result={actionData} />
      <div className="bo-table-wrap" style={{ marginBottom: 18 }}>
        <table className="bo-table">
          <thead>
            <tr>
              <th scope="col">帳號</th>
              <th scope="col">姓名</th>
              <th scope="col">角色</th>
              <th scope="col">狀態</th>
              <th scope="col">最後登入</th>
              <th scope="col">修改</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.staff.map((s) => {
              const errors = errorsFor(String(s.id));
              return (
                <tr key={s.id}>
                  <td>{s.account}</td>
                  <td>{s.name}</td>
                  <td>{staffRoleLabel[s.role]}</td>
                  <td>
                    <StatusBadge status={s.status} on="啟用" off="停用" />
                  </td>
                  <td className="bo-nowrap">{shopDateTime(s.last_login_at) || '從未登入'}</td>
                  <td>
                    <StaffEditForm account={s} errors={errors} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <NewStaffForm errors={errorsFor('new')} />
    </>
  );
}

type Errors = Record<string, string>;

/** 修改: a staff account's name, role, state and password, folded away until opened (or refused). */
function StaffEditForm({ account, errors }: { account: StaffAccountRecord; errors: Errors }) {
  return (
    <details open={Object.keys(errors).length > 0}>
      <summary className="bo-button bo-button--small">修改 {account.account}</summary>
      <Form method="post" className="bo-form" key={account.version} style={{ marginTop: 10, minWidth: 280 }}>
        <input type="hidden" name="id" value={account.id} />
        <input type="hidden" name="version" value={account.version} />
        <TextField label="姓名" name="name" defaultValue={account.name} required error={errors.name} />
        <SelectField label="角色" name="role" defaultValue={account.role} options={ROLES} error={errors.role} />
        <CheckboxField
          label="狀態"
          name="status"
          text="啟用（停用後立即登出）"
          defaultChecked={account.status === 1}
          error={errors.status}
        />
        <TextField
          label="新密碼"
          name="password"
          type="password"
          autoComplete="new-password"
          help="留空表示不變更；至少 8 個字元，含英文與數字"
          error={errors.password}
        />
        <SubmitButton intent="update">儲存</SubmitButton>
      </Form>
    </details>
  );
}

function NewStaffForm({ errors: created }: { errors: Errors }) {
  return (
    <section className="bo-card" aria-labelledby="new-staff">
      <h2 id="new-staff">新增帳號</h2>
      <Form method="post" className="bo-form">
        <div className="bo-fields">
          <TextField
            label="帳號"
            name="account"
            required
            autoComplete="off"
            help="英文字母、數字與 . _ @ -"
            error={created.account}
          />
          <TextField label="姓名" name="name" required error={created.name} />
          <TextField
            label="密碼"
            name="password"
            type="password"
            required
            autoComplete="new-password"
            help="至少 8 個字元，含英文與數字"
            error={created.password}
          />
          <SelectField label="角色" name="role" defaultValue="staff" options={ROLES} error={created.role} />
        </div>
        <div className="bo-actions">
          <SubmitButton intent="create">新增帳號</SubmitButton>
        </div>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
