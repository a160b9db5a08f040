// The frame of a back-office list (商品 and the shared record lists): the title with its 新增 button,
// the last action's notice, the search toolbar, the table ending in the 狀態 and 操作 columns, and
// the pages; and the two cells every row ends in.
import { Link } from 'react-router';
import type { ActionResult } from '../admin-api.server.ts';
import { ListTable, type ListTableProps } from '../components/list-table.tsx';
import {
  ActionNotice,
  DeleteButton,
  ListToolbar,
  PageHeader,
  StatusBadge,
  StatusToggle,
} from '../components/page-parts.tsx';

/** `headCells` are the cells before 狀態 and 操作, which the frame adds. */
export function ListPageFrame({
  title,
  description,
  newTo,
  newLabel,
  result,
  toolbar,
  headCells,
  rowCount,
  emptyText,
  pages,
  children,
}: {
  title: string;
  description: string;
  newTo: string;
  /** The button's text, `＋ 新增…`. */
  newLabel: string;
  result: ActionResult | null | undefined;
  toolbar: Parameters<typeof ListToolbar>[0];
} & ListTableProps) {
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <Link className="bo-button bo-button--primary" to={newTo}>
            {newLabel}
          </Link>
        }
      />
      <ActionNotice result={result} />
      <ListToolbar {...toolbar} />
      <ListTable
        headCells={
          <>
            {headCells}
            <th scope="col">狀態</th>
            <th scope="col">操作</th>
          </>
        }
        rowCount={rowCount}
        emptyText={emptyText}
        pages={pages}
      >
        {children}
      </ListTable>
    </>
  );
}

/** A row's on/off badge, and its edit link, on/off switch and delete button. */
export function StatusAndActionCells({
  editTo,
  id,
  status,
  version,
  label,
  deletable = true,
}: {
  editTo: string;
  id: number;
  status: number;
  version: number;
  /** Names the row in the buttons' accessible names and confirmations. */
  label: string;
  /** False for a record that must stay (a fixed home area). */
  deletable?: boolean;
}) {
  return (
    <>
      <td>
        <StatusBadge status={status} />
      </td>
      <td>
        <div className="bo-actions">
          <Link className="bo-button bo-button--small" to={editTo} aria-label={`編輯「${label}」`}>
            編輯
          </Link>
          <StatusToggle id={id} status={status} version={version} label={label} />
          {deletable ? <DeleteButton id={id} version={version} label={label} /> : null}
        </div>
      </td>
    </>
  );
}
