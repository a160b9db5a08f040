import { Form, Link } from 'react-router';
import type { Route } from './+types/terms-texts';
import { shopDateTime, type AdminTermsText } from '@shop/domain';
import { adminGet, adminSend, staffApi, type ActionResult } from '../../features/admin/admin-api.server.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import { TextField } from '../../features/admin/components/fields.tsx';
import { ActionNotice, PageHeader, SubmitButton } from '../../features/admin/components/page-parts.tsx';
import { RichTextField } from '../../features/admin/components/rich-text-field.tsx';
import { useQuery } from '../../features/admin/use-query.ts';
import { readForm } from '../../lib/form-post.server.ts';

export const meta: Route.MetaFunction = () => adminMeta('條款與須知');

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { data } = await adminGet<AdminTermsText[]>(staffApi({ request, url, context }), '/admin/terms-texts');
  return { texts: data };
}

export async function action({ request, url, context }: Route.ActionArgs): Promise<ActionResult> {
  const form = await readForm(request);
  const position = String(form.get('position') ?? '');
  if (!/^[1-4]$/.test(position)) return { ok: false, message: '不支援此操作' };
  const result = await adminSend(staffApi({ request, url, context }), 'PUT', `/admin/terms-texts/${position}`, {
    title: String(form.get('title') ?? ''),
    content: String(form.get('content') ?? ''),
    version: String(form.get('version') ?? ''),
  });
  return result.ok ? { ok: true, message: '已儲存' } : result;
}

export default function AdminTermsTexts({ loaderData, actionData }: Route.ComponentProps) {
  const { texts } = loaderData;
  const params = useQuery();
  const current = texts.find((t) => String(t.position) === params.get('position')) ?? texts[0]!;
  const errors = actionData && !actionData.ok ? (actionData.errors ?? {}) : {};
  return (
    <>
      <PageHeader title="條款與須知" description="會員說明、購物須知、服務條款與隱私權聲明的內容" />
      <nav className="bo-actions" aria-label="選擇頁面" style={{ marginBottom: 14 }}>
        {texts.map((t) => (
          <Link
            key={t.position}
            to={`?position=${t.position}`}
            className={`bo-button bo-button--small${t.position === current.position ? ' bo-button--primary' : ''}`}
            aria-current={t.position === current.position ? 'page' : undefined}
          >
            {t.label}
            {t.version === 0 ? '（尚未填寫）' : ''}
          </Link>
        ))}
      </nav>
      <ActionNotice result={actionData} />
      <Form method="post" className="bo-form" key={`${current.position}-${current.version}`} aria-label={current.label}>
        <input type="hidden" name="position" value={current.position} />
        <input type="hidden" name="version" value={current.version} />
        <section className="bo-card">
          <div className="bo-fields">
            <TextField
              label="頁面標題"
              name="title"
              defaultValue={current.title}
              required
              maxLength={60}
              error={errors.title}
            />
            <p className="bo-field__help">
              {current.updated_at ? `最後更新：${shopDateTime(current.updated_at)}` : '這個頁面還沒有內容'}
            </p>
          </div>
        </section>
        <section className="bo-card">
          <RichTextField label="內容" name="content" defaultValue={current.content} error={errors.content} />
        </section>
        <div className="bo-form-footer">
          <SubmitButton>儲存{current.label.replace(/（.*）/, '')}</SubmitButton>
        </div>
      </Form>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
