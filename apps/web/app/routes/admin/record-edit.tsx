import { Form, redirect, useLocation } from 'react-router';
import type { Route } from './+types/record-edit';
import type { PickerOption } from '@shop/domain';
import { adminGet, adminSend, staffApi, type ActionResult } from '../../features/admin/admin-api.server.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import { CheckboxField, SelectField, TextArea, TextField } from '../../features/admin/components/fields.tsx';
import { IdPicker } from '../../features/admin/components/id-picker.tsx';
import { ActionNotice, DeleteButton, PageHeader, SubmitButton } from '../../features/admin/components/page-parts.tsx';
import { PictureField } from '../../features/admin/components/picture-field.tsx';
import { RichTextField } from '../../features/admin/components/rich-text-field.tsx';
import { formBody } from '../../features/admin/form-body.ts';
import { localInputValue } from '../../features/admin/format.ts';
import { kindOf, loadSources } from '../../features/admin/records/record-data.server.ts';
import {
  choicesFor,
  RECORD_KINDS,
  type FieldDef,
  type RecordRow,
  type SourceRows,
} from '../../features/admin/records/record-kinds.tsx';
import type { RecordPath } from '../../features/admin/records/record-paths.ts';
import { readForm } from '../../lib/form-post.server.ts';

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return adminMeta('後台');
  const kind = RECORD_KINDS[data.path];
  return adminMeta(data.row.id ? `編輯${kind.noun}` : `新增${kind.noun}`);
};

export async function loader({ request, url, context, params }: Route.LoaderArgs) {
  const kind = kindOf(url);
  const isNew = params.id === 'new';
  if (!isNew && !/^\d+$/.test(params.id)) throw new Response(null, { status: 404 });
  const api = staffApi({ request, url, context });
  const [row, sources] = await Promise.all([
    isNew
      ? ({ id: 0, version: 0, ...kind.blank } as RecordRow)
      : adminGet<RecordRow>(api, `${kind.api}/${params.id}`).then((r) => r.data),
    loadSources(api, kind),
  ]);
  // Pickers show the chosen records by name: ask for exactly those ids.
  const picked: Record<string, PickerOption[]> = {};
  for (const field of kind.fields) {
    if (field.type !== 'picker') continue;
    const ids = (row[field.name] as number[] | undefined) ?? [];
    picked[field.name] = ids.length
      ? (await adminGet<PickerOption[]>(api, `/admin/options/${field.source(row)}?ids=${ids.join(',')}`)).data
      : [];
  }
  return { path: kind.path as RecordPath, row, sources, picked };
}

export async function action({ request, url, context, params }: Route.ActionArgs): Promise<ActionResult> {
  const kind = kindOf(url);
  const api = staffApi({ request, url, context });
  const form = await readForm(request);
  const list = `/admin/${kind.path}`;
  const write = kind.write ?? kind.api;
  if (form.get('intent') === 'delete') {
    const result = await adminSend(api, 'DELETE', `${write}/${params.id}?version=${form.get('version')}`);
    if (result.ok) throw redirect(`${list}?notice=deleted`);
    return result;
  }
  const body = formBody(form, kind.shape);
  if (params.id === 'new') {
    const { version: _version, ...fields } = body;
    const result = await adminSend<{ id: number }>(api, 'POST', write, fields);
    if (result.ok && result.data) throw redirect(`${list}/${result.data.id}?notice=created`);
    return result;
  }
  const result = await adminSend(api, 'PUT', `${write}/${params.id}`, body);
  return result.ok ? { ok: true, message: '已儲存' } : result;
}

/** The first error of a list field (`pics.2` → shown on `pics`). */
function errorOf(errors: Record<string, string>, name: string): string | undefined {
  return errors[name] ?? Object.entries(errors).find(([key]) => key.startsWith(`${name}.`))?.[1];
}

function RecordField({
  field,
  row,
  sources,
  picked,
  errors,
}: {
  field: FieldDef;
  row: RecordRow;
  sources: SourceRows;
  picked: Record<string, PickerOption[]>;
  errors: Record<string, string>;
}) {
  const value = field.value ? field.value(row) : row[field.name];
  const common = {
    label: field.label,
    name: field.name,
    help: field.help,
    required: field.required,
    error: errorOf(errors, field.name),
  };
  const str = value === null || value === undefined ? '' : String(value);
  switch (field.type) {
    case 'text':
      return <TextField {...common} defaultValue={str} maxLength={field.max} wide={field.wide} />;
    case 'number':
      return <TextField {...common} type="number" defaultValue={str} wide={field.wide} />;
    case 'date':
      return <TextField {...common} type="date" defaultValue={str} wide={field.wide} />;
    case 'datetime':
      return (
        <TextField {...common} type="datetime-local" defaultValue={localInputValue(str || null)} wide={field.wide} />
      );
    case 'lines':
      return (
        <TextArea {...common} rows={3} defaultValue={Array.isArray(value) ? value.join('\n') : str} wide={field.wide} />
      );
    case 'textarea':
      return <TextArea {...common} rows={field.rows} maxLength={field.max} defaultValue={str} wide={field.wide} />;
    case 'status':
      return <CheckboxField {...common} text="在前台顯示" defaultChecked={row.status === 1} wide={field.wide} />;
    case 'select': {
      const options = choicesFor(field.options, sources, row);
      if (field.locked?.(row)) {
        return (
          <>
            <input type="hidden" name={field.name} value={str} />
            <SelectField
              {...common}
              name={`_${field.name}`}
              defaultValue={str}
              options={options}
              help={`${field.help ?? ''}（固定區塊不能改類型）`}
            />
          </>
        );
      }
      return (
        <SelectField {...common} defaultValue={str} options={options} emptyLabel={field.empty} wide={field.wide} />
      );
    }
    case 'picture': {
      const pics = Array.isArray(value) ? (value as string[]) : str ? [str] : [];
      return <PictureField {...common} defaultValue={pics} max={field.max} />;
    }
    case 'richtext':
      return <RichTextField {...common} defaultValue={str} />;
    case 'picker':
      return <IdPicker {...common} source={field.source(row)} chosen={picked[field.name] ?? []} max={field.max} />;
  }
}

export default function AdminRecordEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { path, row, sources, picked } = loaderData;
  const kind = RECORD_KINDS[path];
  const errors = actionData && !actionData.ok ? (actionData.errors ?? {}) : {};
  const { pathname } = useLocation();
  const list = pathname.replace(/\/[^/]+$/, '');
  const isNew = !row.id;
  const fields = kind.fields.filter((f) => isNew || !f.when || f.when(row));
  const simple = fields.filter((f) => f.type !== 'richtext' && f.type !== 'picture' && f.type !== 'picker');
  const large = fields.filter((f) => f.type === 'richtext' || f.type === 'picture' || f.type === 'picker');
  return (
    <>
      <PageHeader
        title={isNew ? `新增${kind.noun}` : `編輯${kind.noun}：${kind.label(row)}`}
        back={{ to: list, label: kind.title }}
        actions={
          !isNew && !kind.keep?.(row) ? (
            <DeleteButton version={row.version} label={kind.label(row)} small={false} />
          ) : null
        }
      />
      <ActionNotice result={actionData} />
      <Form method="post" className="bo-form" key={row.version} aria-label={`${kind.noun}資料`}>
        <input type="hidden" name="version" value={row.version} />
        <section className="bo-card">
          <div className="bo-fields">
            {simple.map((field) => (
              <RecordField key={field.name} field={field} row={row} sources={sources} picked={picked} errors={errors} />
            ))}
          </div>
        </section>
        {large.map((field) => (
          <section key={field.name} className="bo-card">
            <RecordField field={field} row={row} sources={sources} picked={picked} errors={errors} />
          </section>
        ))}
        <div className="bo-form-footer">
          <SubmitButton>{isNew ? `新增${kind.noun}` : '儲存變更'}</SubmitButton>
        </div>
      </Form>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
